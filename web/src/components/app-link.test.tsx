import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteProvider } from '../lib/site-context';
import { site } from '../test/fixtures';
import { AppLink } from './app-link';

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
