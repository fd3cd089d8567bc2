import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentField, programmeItem, programmesType, typeNeeds } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ContentListPage } from './content-list-page';
import { listSearchFrom } from './list-query';

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
  fields: [
    contentField('title', 'Titel', 'text'),
    contentField('category', 'Categorie', 'reference', {
      reference: 'news-categories',
      referenceKey: 'slug',
    }),
  ],
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
    // Neither its author nor an edit of it is known (an item from before).
    expect(within(old as HTMLElement).getAllByText('onbekend')).toHaveLength(2);
    // A redacteur writes articles.
    expect(screen.getByRole('link', { name: 'Nieuw: artikel' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Wacht op beoordeling');
    await userEvent.click(screen.getByRole('button', { name: 'Filteren' }));
    expect(await screen.findByText('0 items, pagina 1 van 1')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/admin/content/articles?state=waiting', expect.anything());
  });

  it("marks an item on the site that has a draft with 'Concept in bewerking' in its status cell", async () => {
    server({
      'GET /api/admin/content-types': () => json({ types: [modals, songs, articles, presenters] }),
      'GET /api/admin/content/articles': () =>
        json({
          items: [
            programmeItem({ id: '12', title: 'Brand in de haven', state: 'online', hasDraft: true }),
            programmeItem({ id: '3', title: 'Oud bericht', state: 'online', hasDraft: false }),
          ],
          page: 1,
          pageSize: 25,
          total: 2,
        }),
    });
    renderList('/inhoud/articles', redacteur);
    await screen.findByRole('link', { name: 'Brand in de haven' });
    const [, drafted, plain] = screen.getAllByRole('row') as HTMLElement[];
    expect(
      within(drafted as HTMLElement).getByRole('cell', { name: 'Online Concept in bewerking' }),
    ).toBeTruthy();
    expect(within(plain as HTMLElement).queryByText('Concept in bewerking')).toBeNull();
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

// The address the list is at, shown beside it: the list keeps its query there.
function Address() {
  const location = useLocation();
  const back = listSearchFrom(location.state);
  return (
    <p data-testid="address">
      {location.pathname}
      {location.search}
      {back && ` ← ${back}`}
    </p>
  );
}

// The types are read once for the whole file (use-content-types.ts): the articles have a category.
const withCategory = articles;

function renderWithAddress(path: string, permissions: readonly string[]) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/inhoud/:type" element={<ContentListPage permissions={permissions} />} />
        <Route path="/inhoud/:type/:id" element={<p>Het formulier</p>} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
}

const storm = programmeItem({
  id: '4',
  version: 2,
  title: 'Storm op zee',
  state: 'draft',
  published: false,
  author: 'Rita',
  lastEdit: { at: '2026-11-27T19:10:00Z', by: 'Erik' },
});
const brand = programmeItem({
  id: '5',
  version: 1,
  title: 'Brand in de haven',
  state: 'draft',
  published: false,
});
const page = (items: unknown[]) => json({ items, page: 1, pageSize: 25, total: items.length });

describe('ContentListPage list tools', () => {
  it('reads its filter, sort and page from the address and keeps every change there', async () => {
    const fetch = server({
      'GET /api/admin/content-types': () => json({ types: [withCategory, songs, modals, presenters] }),
      'GET /api/admin/content/articles?state=draft&mine=1&sort=title&dir=desc': () => page([storm, brand]),
      'GET /api/admin/content/articles?state=draft&mine=1&sort=edited&dir=desc': () => page([brand, storm]),
      'GET /api/admin/content/articles?q=rita&state=draft&mine=1&sort=edited&dir=desc': () => page([storm]),
    });
    renderWithAddress('/inhoud/articles?state=draft&mine=1&sort=title&dir=desc', eindredacteur);
    await screen.findByRole('link', { name: 'Storm op zee' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/content/articles?state=draft&mine=1&sort=title&dir=desc',
      expect.anything(),
    );
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('draft');
    expect((screen.getByLabelText('Mijn nieuwsartikelen') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('columnheader', { name: 'Titel' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBe('none');
    // Who changed it last, and when; its author beside it.
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('door Erik')).toBeTruthy();
    expect(within(row).getByText('27-11-2026, 20:10')).toBeTruthy();

    // A header sorts on the server, the newest edit first, and the address says so.
    await userEvent.click(screen.getByRole('button', { name: 'Laatst bewerkt' }));
    expect(await screen.findByTestId('address')).toHaveProperty(
      'textContent',
      '/inhoud/articles?state=draft&mine=1&sort=edited&dir=desc',
    );
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Laatst bewerkt' }).getAttribute('aria-sort')).toBe(
        'descending',
      ),
    );
    // The search is added to what is there; an item's link hands its form the way back.
    await userEvent.type(screen.getByLabelText('Zoeken'), 'rita');
    await userEvent.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Brand in de haven' })).toBeNull());
    await userEvent.click(screen.getByRole('link', { name: 'Storm op zee' }));
    expect(screen.getByTestId('address').textContent).toBe(
      '/inhoud/articles/4 ← ?q=rita&state=draft&mine=1&sort=edited&dir=desc',
    );
  });

  it('selects rows, asks with the count, and says what was done and what failed', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fetch = server({
      'GET /api/admin/content-types': () => json({ types: [withCategory, songs, modals, presenters] }),
      'GET /api/admin/content/articles': () => page([storm, brand]),
      'POST /api/admin/content/articles/bulk': () =>
        json({
          succeeded: 1,
          failed: 1,
          results: [
            { id: '4', ok: true, item: { ...storm, state: 'online', published: true } },
            {
              id: '5',
              ok: false,
              error: {
                code: 'conflict',
                message:
                  'Iemand anders heeft dit item intussen gewijzigd. Laad de lijst opnieuw en probeer het nog eens.',
              },
            },
          ],
        }),
    });
    renderWithAddress('/inhoud/articles', eindredacteur);
    await screen.findByRole('link', { name: 'Storm op zee' });
    expect(screen.getByText('Niets geselecteerd')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecteer ‘Brand in de haven’' }));
    expect(screen.getByText('1 geselecteerd')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alle items op deze pagina selecteren' }));
    expect(screen.getByText('2 geselecteerd')).toBeTruthy();

    // Nothing happens without an action, nor when the question is answered no.
    await userEvent.click(screen.getByRole('button', { name: 'Uitvoeren' }));
    expect(screen.getByRole('alert').textContent).toBe('Kies wat je met de geselecteerde items wilt doen.');
    await userEvent.selectOptions(screen.getByLabelText('Actie'), 'Publiceren');
    confirm.mockReturnValueOnce(false);
    await userEvent.click(screen.getByRole('button', { name: 'Uitvoeren' }));
    expect(confirm).toHaveBeenCalledWith('2 nieuwsartikelen publiceren? Ze staan dan meteen op de site.');
    expect(fetch).not.toHaveBeenCalledWith('/api/admin/content/articles/bulk', expect.anything());

    await userEvent.click(screen.getByRole('button', { name: 'Uitvoeren' }));
    expect(await screen.findByText('1 van de 2 nieuwsartikelen gepubliceerd.')).toBeTruthy();
    expect(
      screen.getByText(
        '‘Brand in de haven’: Iemand anders heeft dit item intussen gewijzigd. Laad de lijst opnieuw en probeer het nog eens.',
      ),
    ).toBeTruthy();
    const call = fetch.mock.calls.find(([path]) => path === '/api/admin/content/articles/bulk');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      action: 'publish',
      items: [
        { id: '4', version: 2 },
        { id: '5', version: 1 },
      ],
    });
    // The list is read again; what failed stays selected, to try once more.
    await waitFor(() => expect(screen.getByText('1 geselecteerd')).toBeTruthy());
    expect(
      (screen.getByRole('checkbox', { name: 'Selecteer ‘Brand in de haven’' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('offers a redacteur only what his role may do in bulk', async () => {
    server({
      'GET /api/admin/content-types': () => json({ types: [withCategory, songs, modals, presenters] }),
      'GET /api/admin/content/articles': () => page([storm]),
      'GET /api/admin/content/presenters': () => page([programmeItem({ title: 'Anna' })]),
    });
    renderWithAddress('/inhoud/articles', redacteur);
    await screen.findByRole('link', { name: 'Storm op zee' });
    const options = within(screen.getByLabelText('Actie')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Kies een actie', 'Categorie wijzigen']);
  });
});
