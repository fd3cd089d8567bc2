import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentField, programmeItem, programmesType, typeNeeds } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ContentListPage } from './content-list-page';

afterEach(() => vi.unstubAllGlobals());

// The permissions the session lists for each role (server/src/admin/roles.cpp).
const redacteur = ['edit_drafts', 'read_listeners'];
const eindredacteur = [
  'edit_drafts',
  'edit_published',
  'publish',
  'delete_content',
  'read_audit',
  'read_listeners',
];

const modals = programmesType({
  name: 'event-modals',
  label: 'Evenementblokken',
  labelSingular: 'Evenementblok',
  titleField: 'title',
  slugField: '',
  publication: 'switched',
  fields: [contentField('title', 'Titel', 'text'), contentField('sortOrder', 'Volgorde', 'integer')],
});

const articles = programmesType({
  name: 'articles',
  label: 'Nieuwsartikelen',
  labelSingular: 'Artikel',
  titleField: 'title',
  slugField: '',
  publication: 'dated',
  needs: typeNeeds('dated'),
  fields: [contentField('title', 'Titel', 'text')],
});

const presenters = programmesType({
  name: 'presenters',
  label: 'Presentatoren',
  labelSingular: 'Presentator',
  slugField: '',
  fields: [contentField('name', 'Naam', 'text')],
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
      'GET /api/admin/content-types': () => json({ types: [modals, songs, articles, presenters] }),
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
          <Route path="/inhoud/:type" element={<ContentListPage permissions={eindredacteur} />} />
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
      'GET /api/admin/content-types': () => json({ types: [modals, songs, articles, presenters] }),
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
          <Route path="/inhoud/:type" element={<ContentListPage permissions={eindredacteur} />} />
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

function renderList(path: string, permissions: readonly string[]) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/inhoud/:type" element={<ContentListPage permissions={permissions} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ContentListPage for a role', () => {
  it("shows each item's author and review step, and filters on 'Wacht op beoordeling'", async () => {
    const fetch = server({
      'GET /api/admin/content-types': () => json({ types: [modals, songs, articles, presenters] }),
      'GET /api/admin/content/articles': () =>
        json({
          items: [
            programmeItem({
              id: '12',
              title: 'Brand in de haven',
              state: 'draft',
              published: false,
              author: 'Rita',
              review: { status: 'waiting', by: 'Rita', at: '2026-11-27T19:10:00Z', note: '' },
            }),
            programmeItem({
              id: '11',
              title: 'Storm',
              state: 'draft',
              published: false,
              author: 'Rita',
              review: { status: 'returned', by: 'Erik', at: '2026-11-27T19:30:00Z', note: 'Bron.' },
            }),
            programmeItem({ id: '3', title: 'Oud bericht', author: null }),
          ],
          page: 1,
          pageSize: 25,
          total: 3,
        }),
      'GET /api/admin/content/articles?state=waiting': () =>
        json({ items: [], page: 1, pageSize: 25, total: 0 }),
    });
    renderList('/inhoud/articles', redacteur);
    await screen.findByRole('link', { name: 'Brand in de haven' });
    expect(screen.getByRole('columnheader', { name: 'Auteur' })).toBeTruthy();
    const [, waiting, returned, old] = screen.getAllByRole('row') as HTMLElement[];
    expect(within(waiting as HTMLElement).getByText('Wacht op beoordeling')).toBeTruthy();
    expect(
      within(waiting as HTMLElement).getByText('aangeboden door Rita op 27-11-2026, 20:10'),
    ).toBeTruthy();
    expect(within(waiting as HTMLElement).getByRole('cell', { name: 'Rita' })).toBeTruthy();
    expect(within(returned as HTMLElement).getByText('Concept')).toBeTruthy();
    expect(
      within(returned as HTMLElement).getByText('teruggestuurd door Erik op 27-11-2026, 20:30'),
    ).toBeTruthy();
    expect(within(old as HTMLElement).getByText('onbekend')).toBeTruthy();
    // A redacteur writes articles.
    expect(screen.getByRole('link', { name: 'Nieuw: artikel' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Wacht op beoordeling');
    await userEvent.click(screen.getByRole('button', { name: 'Filteren' }));
    expect(await screen.findByText('0 items, pagina 1 van 1')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/admin/content/articles?state=waiting', expect.anything());
  });

  it('offers no new item of a type the role may not make', async () => {
    server({
      'GET /api/admin/content-types': () => json({ types: [modals, songs, articles, presenters] }),
      'GET /api/admin/content/presenters': () =>
        json({ items: [programmeItem({ title: 'Anna' })], page: 1, pageSize: 25, total: 1 }),
    });
    renderList('/inhoud/presenters', redacteur);
    expect(await screen.findByRole('link', { name: 'Anna' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Nieuw/ })).toBeNull();
  });

  it('offers an eindredacteur a new presenter', async () => {
    server({
      'GET /api/admin/content-types': () => json({ types: [modals, songs, articles, presenters] }),
      'GET /api/admin/content/presenters': () =>
        json({ items: [programmeItem({ title: 'Anna' })], page: 1, pageSize: 25, total: 1 }),
    });
    renderList('/inhoud/presenters', eindredacteur);
    expect(await screen.findByRole('link', { name: 'Nieuw: presentator' })).toBeTruthy();
  });
});
