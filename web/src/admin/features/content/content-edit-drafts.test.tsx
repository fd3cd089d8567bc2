import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOptions, type ContentItem } from '../../api/content-client';
import { contentField, programmeItem, programmesType, typeNeeds } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ContentEditPage } from './content-edit-page';

// Drafts of a live article (issue 54): the form saves one beside the live save, says when it shows
// one, and publishes or throws it away.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetOptions();
});

const redacteur = ['edit_drafts'];
const eindredacteur = ['edit_drafts', 'edit_published', 'publish', 'delete_content'];

const articles = programmesType({
  name: 'articles',
  label: 'Nieuwsartikelen',
  labelSingular: 'Artikel',
  titleField: 'title',
  slugField: 'slug',
  publication: 'dated',
  preview: true,
  needs: typeNeeds('dated'),
  fields: [contentField('title', 'Titel', 'text', { required: true }), contentField('slug', 'URL', 'slug')],
});
const live = { title: 'Brand in de haven', slug: 'brand-in-de-haven' };
const online = programmeItem({
  id: '12',
  version: 4,
  title: 'Brand in de haven',
  state: 'online',
  published: true,
  publishAt: '2026-11-27T19:00:00Z',
  values: live,
  draft: null,
});
const drafted: ContentItem = {
  ...online,
  draft: {
    values: { ...live, title: 'Brand geblust' },
    baseVersion: 4,
    savedAt: '2026-11-27T20:00:00Z',
    savedBy: 'Rita',
  },
};
const path = '/api/admin/content/articles/12';

function renderPage(
  permissions: string[],
  item: ContentItem,
  routes: Record<string, () => Promise<Response>> = {},
) {
  const fetch = server({
    'GET /api/admin/content-types': () => json({ types: [articles] }),
    [`GET ${path}`]: () => json({ item }),
    ...routes,
  });
  const router = createMemoryRouter(
    [{ path: '/inhoud/:type/:id', element: <ContentEditPage permissions={permissions} /> }],
    { initialEntries: ['/inhoud/articles/12'] },
  );
  render(<RouterProvider router={router} />);
  return fetch;
}

function bodyOf(fetch: ReturnType<typeof server>, call: string): unknown {
  const found = fetch.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${url}` === call);
  return found ? JSON.parse(String(found[1]?.body)) : undefined;
}

describe('ContentEditPage: drafts of a published article', () => {
  it('saves the changes of a published article as a draft, beside the live save', async () => {
    const fetch = renderPage(eindredacteur, online, { [`PUT ${path}/draft`]: () => json({ item: drafted }) });
    const title = await screen.findByLabelText('Titel (verplicht)');
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeTruthy();
    expect(screen.queryByText(/Je bewerkt een concept/)).toBeNull();
    await userEvent.clear(title);
    await userEvent.type(title, 'Brand geblust');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan als concept' }));
    expect(
      await screen.findByRole('heading', { name: 'Je bewerkt een concept van een gepubliceerd artikel' }),
    ).toBeTruthy();
    expect(bodyOf(fetch, `PUT ${path}/draft`)).toMatchObject({
      version: 4,
      values: { title: 'Brand geblust' },
    });
    expect(fetch.mock.calls.some(([url, init]) => init?.method === 'PUT' && url === path)).toBe(false);
    expect(screen.getByText('Concept opgeslagen. De site toont nog de gepubliceerde versie.')).toBeTruthy();
  });

  it('shows a stored draft in the form with the notice, and saves it as a draft again', async () => {
    const fetch = renderPage(eindredacteur, drafted, {
      [`PUT ${path}/draft`]: () => json({ item: drafted }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Je bewerkt een concept van een gepubliceerd artikel' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/De site toont de gepubliceerde versie tot het concept is gepubliceerd/),
    ).toBeTruthy();
    expect((screen.getByLabelText('Titel (verplicht)') as HTMLInputElement).value).toBe('Brand geblust');
    expect(screen.queryByRole('button', { name: 'Opslaan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Opslaan als concept' })).toBeNull();
    expect(
      screen.getByText(
        /^Hier verander je alleen de publicatie van de versie op de site; het concept zet je er/,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Het voorbeeld toont het opgeslagen concept, niet wat je nog niet hebt opgeslagen.'),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Titel (verplicht)'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Concept opslaan' }));
    await waitFor(() =>
      expect(bodyOf(fetch, `PUT ${path}/draft`)).toMatchObject({
        version: 4,
        values: { title: 'Brand geblust!' },
      }),
    );
  });

  it('publishes the draft for an eindredacteur', async () => {
    const published = {
      ...online,
      version: 5,
      title: 'Brand geblust',
      values: { ...live, title: 'Brand geblust' },
    };
    const fetch = renderPage(eindredacteur, drafted, {
      [`POST ${path}/draft/publish`]: () => json({ item: { ...published, draft: null } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Concept publiceren' }));
    await waitFor(() => expect(screen.queryByText(/Je bewerkt een concept/)).toBeNull());
    expect(bodyOf(fetch, `POST ${path}/draft/publish`)).toEqual({ version: 4, overwrite: false });
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeTruthy();
  });

  it('shows the conflict when the live article changed since, and overwrites it only on purpose', async () => {
    const current = { ...online, version: 5, values: { ...live, title: 'Live gecorrigeerd' } };
    let calls = 0;
    const fetch = renderPage(eindredacteur, drafted, {
      [`POST ${path}/draft/publish`]: () =>
        ++calls === 1
          ? json(
              {
                error: {
                  code: 'draft_conflict',
                  message: 'Het gepubliceerde Artikel is gewijzigd nadat dit concept werd gemaakt.',
                  current,
                },
              },
              409,
            )
          : json({ item: { ...current, version: 6, draft: null } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Concept publiceren' }));
    expect(await screen.findByText(/is gewijzigd nadat dit concept werd gemaakt/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Concept toch publiceren' }));
    await waitFor(() => expect(screen.queryByText(/Je bewerkt een concept/)).toBeNull());
    const bodies = fetch.mock.calls
      .filter(([url]) => url === `${path}/draft/publish`)
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(bodies).toEqual([
      { version: 4, overwrite: false },
      { version: 5, overwrite: true },
    ]);
  });

  it('throws the draft away after asking, and shows the live version again', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetch = renderPage(eindredacteur, drafted, {
      [`DELETE ${path}/draft`]: () => Promise.resolve(new Response(null, { status: 204 })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Concept verwijderen' }));
    expect(confirm).toHaveBeenCalledWith(
      'Concept verwijderen? De gepubliceerde versie blijft op de site staan.',
    );
    await waitFor(() => expect(screen.queryByText(/Je bewerkt een concept/)).toBeNull());
    expect(fetch.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === `${path}/draft`)).toBe(
      true,
    );
    expect((screen.getByLabelText('Titel (verplicht)') as HTMLInputElement).value).toBe('Brand in de haven');
  });

  it('lets a redacteur offer a draft for review, not publish it', async () => {
    renderPage(redacteur, drafted);
    expect(
      await screen.findByRole('heading', { name: 'Je bewerkt een concept van een gepubliceerd artikel' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Concept publiceren' })).toBeNull();
    expect(screen.getByText('Een eindredacteur publiceert het: bied het aan ter beoordeling.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ter beoordeling aanbieden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Concept opslaan' })).toBeTruthy();
  });

  it('keeps a draft saveable after the article is taken offline, and takes it over there', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    // The publication routes answer the item without its draft (the page keeps the one it has).
    const offline: ContentItem = { ...online, version: 5, state: 'draft', published: false };
    delete offline.draft;
    const offlineDrafted: ContentItem = { ...offline, draft: drafted.draft ?? null };
    const fetch = renderPage(eindredacteur, drafted, {
      [`POST ${path}/unpublish`]: () => json({ item: offline }),
      [`PUT ${path}/draft`]: () =>
        json({
          item: {
            ...offlineDrafted,
            draft: { ...offlineDrafted.draft, values: { ...live, title: 'Brand geblust!' } },
          },
        }),
      [`POST ${path}/draft/publish`]: () =>
        json({
          item: { ...offline, version: 6, values: { ...live, title: 'Brand geblust!' }, draft: null },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Offline halen' }));
    expect(
      await screen.findByRole('heading', { name: 'Je bewerkt een concept van een offline gehaald artikel' }),
    ).toBeTruthy();
    expect(screen.getByText(/^Het item staat niet op de site\. 'Concept overnemen'/)).toBeTruthy();
    // What was typed is still saved as the draft, as before the item went offline.
    await userEvent.type(screen.getByLabelText('Titel (verplicht)'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Concept opslaan' }));
    expect(await screen.findByText('Concept opgeslagen. Het item staat niet op de site.')).toBeTruthy();
    expect(bodyOf(fetch, `PUT ${path}/draft`)).toMatchObject({ values: { title: 'Brand geblust!' } });
    expect(screen.queryByRole('button', { name: 'Concept publiceren' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Concept overnemen' }));
    await waitFor(() => expect(screen.queryByText(/Je bewerkt een concept/)).toBeNull());
    expect(bodyOf(fetch, `POST ${path}/draft/publish`)).toEqual({ version: 5, overwrite: false });
    expect((screen.getByLabelText('Titel (verplicht)') as HTMLInputElement).value).toBe('Brand geblust!');
  });

  it('lets a redacteur take over the draft of an article taken offline, not publish one on the site', async () => {
    const offlineDrafted: ContentItem = { ...drafted, version: 5, state: 'draft', published: false };
    const fetch = renderPage(redacteur, offlineDrafted, {
      [`POST ${path}/draft/publish`]: () =>
        json({
          item: { ...offlineDrafted, version: 6, values: { ...live, title: 'Brand geblust' }, draft: null },
        }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Je bewerkt een concept van een offline gehaald artikel' }),
    ).toBeTruthy();
    expect(screen.queryByText('Een eindredacteur publiceert het: bied het aan ter beoordeling.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Concept overnemen' }));
    await waitFor(() => expect(screen.queryByText(/Je bewerkt een concept/)).toBeNull());
    expect(bodyOf(fetch, `POST ${path}/draft/publish`)).toEqual({ version: 5, overwrite: false });
  });

  it('says that taking over replaces the saved version when an offline article changed since its draft', async () => {
    const offlineDrafted: ContentItem = { ...drafted, version: 5, state: 'draft', published: false };
    const current = { ...offlineDrafted, version: 6, draft: null };
    let calls = 0;
    const fetch = renderPage(redacteur, offlineDrafted, {
      [`POST ${path}/draft/publish`]: () =>
        ++calls === 1
          ? json(
              { error: { code: 'draft_conflict', message: 'Het opgeslagen Artikel is gewijzigd.', current } },
              409,
            )
          : json({ item: { ...current, version: 7, draft: null } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Concept overnemen' }));
    expect(
      await screen.findByText(
        'De opgeslagen versie is gewijzigd nadat dit concept werd gemaakt. Neem je het concept toch over, dan vervang je die wijzigingen.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/gepubliceerde versie/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Concept toch overnemen' }));
    await waitFor(() => expect(screen.queryByText(/Je bewerkt een concept/)).toBeNull());
    expect(bodyOf(fetch, `POST ${path}/draft/publish`)).toEqual({ version: 5, overwrite: false });
  });

  it('offers a redacteur no take-over of the draft of an article on the site', async () => {
    renderPage(redacteur, drafted);
    expect(
      await screen.findByText('Een eindredacteur publiceert het: bied het aan ter beoordeling.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Concept publiceren' })).toBeNull();
  });

  it('says that the preview shows the saved version, not the typing', async () => {
    renderPage(eindredacteur, online);
    expect(
      await screen.findByText(
        'Het voorbeeld toont de opgeslagen versie, niet wat je nog niet hebt opgeslagen.',
      ),
    ).toBeTruthy();
  });
});
