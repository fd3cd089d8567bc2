import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MouseEvent } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../lib/site-context';
import { site } from '../test/fixtures';
import { AppLink, AppNavigateContext, type AppNavigate } from './app-link';

function renderLinks() {
  render(
    <SiteProvider site={site}>
      <MemoryRouter>
        <AppLink to="/gids">Gids</AppLink>
        <AppLink to={`${site.baseUrl}/nieuws?page=2`}>Eigen</AppLink>
        <AppLink to="https://example.org/top40">Extern</AppLink>
      </MemoryRouter>
    </SiteProvider>,
  );
}

describe('AppLink', () => {
  it('keeps in-app links in the app and reduces own absolute URLs to the path', () => {
    renderLinks();
    const gids = screen.getByRole('link', { name: 'Gids' });
    expect(gids).toHaveAttribute('href', '/gids');
    expect(gids).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Eigen' })).toHaveAttribute('href', '/nieuws?page=2');
  });
  it('opens other links in a new tab', () => {
    renderLinks();
    const link = screen.getByRole('link', { name: /Extern/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('Extern (opent in een nieuw venster)');
  });
});

describe('AppLink with the app router navigate (AppNavigateContext)', () => {
  function renderWith(navigate: AppNavigate, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
    render(
      <SiteProvider site={site}>
        <AppNavigateContext.Provider value={navigate}>
          <AppLink to="/gids" onClick={onClick}>
            Gids
          </AppLink>
          <AppLink to={`${site.baseUrl}/nieuws?page=2`}>Eigen</AppLink>
        </AppNavigateContext.Provider>
      </SiteProvider>,
    );
  }

  it('is a plain link with the path, and hands a plain click to the router', async () => {
    const navigate = vi.fn();
    renderWith(navigate);
    const gids = screen.getByRole('link', { name: 'Gids' });
    expect(gids).toHaveAttribute('href', '/gids');
    await userEvent.click(gids);
    expect(navigate).toHaveBeenCalledWith('/gids', { replace: false });
    await userEvent.click(screen.getByRole('link', { name: 'Eigen' }));
    expect(navigate).toHaveBeenLastCalledWith('/nieuws?page=2', { replace: false });
  });

  it('replaces the history entry for a link to the current location', async () => {
    window.history.pushState(null, '', '/gids');
    const navigate = vi.fn();
    renderWith(navigate);
    await userEvent.click(screen.getByRole('link', { name: 'Gids' }));
    expect(navigate).toHaveBeenCalledWith('/gids', { replace: true });
    window.history.pushState(null, '', '/');
  });

  it('leaves a modified click to the browser and respects its own onClick', () => {
    const navigate = vi.fn();
    renderWith(navigate, (event) => event.preventDefault());
    const gids = screen.getByRole('link', { name: 'Gids' });
    fireEvent.click(gids, { ctrlKey: true });
    fireEvent.click(gids);
    expect(navigate).not.toHaveBeenCalled();
  });
});
