import { screen, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteProvider } from '../../lib/site-context';
import { site } from '../../test/fixtures';
import { MAIN_NAV_LIST_ID, MainNav, isSectionActive } from './main-nav';

const items = [
  { to: '/gids', label: 'Gids' },
  { to: '/nieuws', label: 'Nieuws' },
  { to: '/podcasts', label: 'Podcasts' },
];

function Where() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{pathname}</p>
      <button type="button" onClick={() => void navigate('/podcasts')}>
        Elders heen
      </button>
    </>
  );
}

function renderNav(path = '/nieuws/sport') {
  render(
    <SiteProvider site={site}>
      <MemoryRouter initialEntries={[path]}>
        <MainNav items={items} />
        <Where />
      </MemoryRouter>
    </SiteProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
  return { nav, button: within(nav).getByRole('button', { name: 'Menu' }) };
}

describe('MainNav', () => {
  it('is a disclosure of the section list: the button controls it and says whether it is open', async () => {
    const user = userEvent.setup();
    const { nav, button } = renderNav();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', MAIN_NAV_LIST_ID);
    expect(nav.querySelector(`#${MAIN_NAV_LIST_ID}`)?.tagName).toBe('UL');
    expect(nav).not.toHaveClass('main-nav--open');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('main-nav--open');
    expect(within(nav).getByRole('link', { name: 'Nieuws' })).toHaveAttribute('aria-current', 'page');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape inside it and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    const { button } = renderNav();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Gids' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes when a link is followed, and on any other route change', async () => {
    const user = userEvent.setup();
    const { button } = renderNav();
    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Gids' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/gids');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Elders heen' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/podcasts');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks a section active on its own path and below it, ignoring the query', () => {
    expect(isSectionActive('/gids?channel=radio1', '/gids/2026/11/20')).toBe(true);
    expect(isSectionActive('/nieuws', '/nieuws')).toBe(true);
    expect(isSectionActive('/nieuws', '/nieuwsbrief')).toBe(false);
  });
});
