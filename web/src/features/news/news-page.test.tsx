import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('NewsPage', () => {
  it('shows category chips, articles and paging', async () => {
    renderApp(fixturePage('/nieuws'), '/nieuws');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuws' })).toBeInTheDocument();
    const chips = screen.getByRole('navigation', { name: 'Categorieën' });
    expect(within(chips).getByRole('link', { name: 'Alles' })).toHaveAttribute('aria-current', 'page');
    expect(within(chips).getByRole('link', { name: 'Sport' })).toHaveAttribute('href', '/nieuws/sport');
    expect(screen.getByRole('link', { name: 'Volgende' })).toHaveAttribute('href', '/nieuws?page=2');
  });
});
