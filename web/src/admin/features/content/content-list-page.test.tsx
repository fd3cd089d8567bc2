import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentField, programmeItem, programmesType } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ContentListPage } from './content-list-page';

afterEach(() => vi.unstubAllGlobals());

const modals = programmesType({
  name: 'event-modals',
  label: 'Evenementblokken',
  labelSingular: 'Evenementblok',
  titleField: 'title',
  slugField: '',
  publication: 'switched',
  fields: [contentField('title', 'Titel', 'text'), contentField('sortOrder', 'Volgorde', 'integer')],
});

// The types are fetched once per page load (use-content-types.ts): every test answers them all.
const songs = programmesType({
  name: 'songs',
  label: 'Muziek',
  labelSingular: 'Nummer',
  titleField: 'title',
  origin: 'Nieuwe nummers komen uit de playout en de now-playing-koppeling.',
  fields: [contentField('title', 'Titel', 'text'), contentField('isrc', 'ISRC', 'isrc')],
});

describe('ContentListPage of an overlay', () => {
  it('shows each order, marks the one visitors see and says what a visitor sees', async () => {
    server({
      'GET /api/admin/content-types': () => json({ types: [modals, songs] }),
      'GET /api/admin/content/event-modals': () =>
        json({
          items: [
            programmeItem({ id: '9', title: 'Nieuw blok', values: { sortOrder: 0 } }),
            programmeItem({ id: '3', title: 'Oud blok', values: { sortOrder: 0 } }),
          ],
          page: 1,
          pageSize: 25,
          total: 2,
          onSite: { banner: null, modal: { type: 'event-modals', id: '9', title: 'Nieuw blok' } },
        }),
    });
    render(
      <MemoryRouter initialEntries={['/inhoud/event-modals']}>
        <Routes>
          <Route path="/inhoud/:type" element={<ContentListPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(
      await screen.findByText(
        'Een bezoeker ziet nu geen onderhoudsmelding en het evenementblok ‘Nieuw blok’.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Volgorde' })).toBeTruthy();
    const rows = screen.getAllByRole('row');
    const newer = rows[1] as HTMLElement;
    const older = rows[2] as HTMLElement;
    expect(within(newer).getByText('Nu zichtbaar voor bezoekers')).toBeTruthy();
    expect(
      within(newer)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('0');
    expect(within(older).queryByText('Nu zichtbaar voor bezoekers')).toBeNull();
  });
});

describe('ContentListPage of a type the admin does not create', () => {
  it('says where its items come from instead of offering a new one', async () => {
    server({
      'GET /api/admin/content-types': () => json({ types: [modals, songs] }),
      'GET /api/admin/content/songs': () =>
        json({
          items: [programmeItem({ id: '4', title: 'Storm legt alles plat' })],
          page: 1,
          pageSize: 25,
          total: 1,
        }),
    });
    render(
      <MemoryRouter initialEntries={['/inhoud/songs']}>
        <Routes>
          <Route path="/inhoud/:type" element={<ContentListPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('Nieuwe nummers komen uit de playout en de now-playing-koppeling.'),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Storm legt alles plat' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Nieuw/ })).toBeNull();
  });
});
