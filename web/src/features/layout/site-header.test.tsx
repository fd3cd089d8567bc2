import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { searchTermOf } from './search-form';

describe('SiteHeader', () => {
  it('marks the current section and links every channel of the family', async () => {
    renderApp(
      fixturePage('/nieuws/sport/1201/oranje-wint-in-de-slotminuut'),
      '/nieuws/sport/1201/oranje-wint-in-de-slotminuut',
    );
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Nieuws' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Gids' })).not.toHaveAttribute('aria-current');
    const channels = screen.getByRole('navigation', { name: 'Zenders' });
    expect(
      within(channels)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/gids', '/gids?channel=soulenjazz', '/gids?channel=radio1', '/gids?channel=radio4']);
    expect(screen.getByRole('link', { name: 'Naar de inhoud' })).toHaveAttribute('href', '#main');
  });

  it('keeps the term of /zoeken/{term} in the search box', async () => {
    renderApp(fixturePage('/zoeken/golven'), '/zoeken/golven');
    const search = await screen.findByRole('search', { name: 'Zoeken op de site' });
    expect(within(search).getByRole('combobox', { name: 'Zoeken' })).toHaveValue('golven');
  });

  it('reads the term of a results path, decoded', () => {
    expect(searchTermOf('/zoeken/golven')).toBe('golven');
    expect(searchTermOf('/zoeken/de%20golven')).toBe('de golven');
    expect(searchTermOf('/zoeken/%E0%A4%A')).toBe('');
    expect(searchTermOf('/zoeken')).toBe('');
    expect(searchTermOf('/nieuws')).toBe('');
  });
});
