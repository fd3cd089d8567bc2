import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOptions } from '../../api/content-client';
import { contentField, programmeItem, programmesType, typeNeeds } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ContentEditPage } from './content-edit-page';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOptions();
});

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

const articles = programmesType({
  name: 'articles',
  label: 'Nieuwsartikelen',
  labelSingular: 'Artikel',
  titleField: 'title',
  slugField: 'slug',
  publication: 'dated',
  needs: typeNeeds('dated'),
  fields: [
    contentField('title', 'Titel', 'text', { required: true }),
    contentField('slug', 'URL', 'slug'),
    contentField('body', 'Tekst', 'blocks'),
  ],
});
const presenters = programmesType({
  name: 'presenters',
  label: 'Presentatoren',
  labelSingular: 'Presentator',
  fields: [contentField('name', 'Naam', 'text', { required: true })],
});
const feeds = programmesType({
  name: 'podcast-feeds',
  label: 'Podcasts',
  labelSingular: 'Podcast',
  titleField: 'title',
  fields: [contentField('title', 'Titel', 'text', { required: true })],
});
const episodes = programmesType({
  name: 'podcast-episodes',
  label: 'Podcastafleveringen',
  labelSingular: 'Aflevering',
  titleField: 'title',
  fields: [contentField('title', 'Titel', 'text', { required: true })],
});
const values = {
  title: 'Brand in de haven',
  slug: 'brand-in-de-haven',
  body: [{ type: 'paragraph', text: 'De brandweer is er met vier wagens.' }],
};
const online = programmeItem({
  id: '12',
  title: 'Brand in de haven',
  state: 'online',
  published: true,
  publishAt: '2026-11-27T19:00:00Z',
  author: 'Rita',
  values,
});
const draft = { ...online, state: 'draft' as const, published: false };

// The types are fetched once per page load (use-content-types.ts): every test answers them all.
function renderPage(
  path: string | { pathname: string; state: unknown },
  permissions: string[],
  item = online,
) {
  server({
    'GET /api/admin/content-types': () => json({ types: [articles, presenters, feeds, episodes] }),
    'GET /api/admin/content/articles/12': () => json({ item }),
  });
  // A data router: the page asks before leaving unsaved changes (useBlocker).
  const router = createMemoryRouter(
    [
      { path: '/inhoud/:type/nieuw', element: <ContentEditPage permissions={permissions} /> },
      { path: '/inhoud/:type/:id', element: <ContentEditPage permissions={permissions} /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('ContentEditPage opened from a list', () => {
  it("goes back by '← Nieuwsartikelen' to the list as it was: filtered, sorted, on its page", async () => {
    renderPage(
      { pathname: '/inhoud/articles/12', state: { listSearch: '?state=draft&sort=title&dir=desc&page=2' } },
      eindredacteur,
    );
    const back = await screen.findByRole('link', { name: '← Nieuwsartikelen' });
    expect(back.getAttribute('href')).toBe('/inhoud/articles?state=draft&sort=title&dir=desc&page=2');
  });

  it('goes back to the whole list when it was opened from elsewhere', async () => {
    renderPage('/inhoud/articles/12', eindredacteur);
    const back = await screen.findByRole('link', { name: '← Nieuwsartikelen' });
    expect(back.getAttribute('href')).toBe('/inhoud/articles');
  });
});

describe('ContentEditPage for a role', () => {
  it('offers a redacteur a draft of a published article, never a live save (issue 54)', async () => {
    renderPage('/inhoud/articles/12', redacteur);
    expect(await screen.findByRole('button', { name: 'Opslaan als concept' })).toBeTruthy();
    expect(screen.getByLabelText('Titel (verplicht)')).toBeTruthy();
    expect(screen.queryByText(/^Dit item staat op de site/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publiceren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Offline halen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ter beoordeling aanbieden' })).toBeNull();
  });

  it('offers a redacteur his draft to write and to offer for review, not to publish', async () => {
    renderPage('/inhoud/articles/12', redacteur, draft);
    expect(await screen.findByRole('button', { name: 'Opslaan' })).toBeTruthy();
    expect(screen.getByLabelText('Titel (verplicht)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ter beoordeling aanbieden' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publiceren' })).toBeNull();
  });

  it('offers an eindredacteur the published article to change and publish', async () => {
    renderPage('/inhoud/articles/12', eindredacteur);
    expect(await screen.findByRole('button', { name: 'Opslaan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publiceren' })).toBeTruthy();
    expect(screen.queryByText(/^Dit item staat op de site/)).toBeNull();
  });

  it('says in Dutch, instead of a form, that a redacteur makes no new presenter', async () => {
    renderPage('/inhoud/presenters/nieuw', redacteur);
    expect(
      await screen.findByText(
        'Je rol mag geen nieuwe presentatoren aanmaken. Vraag een eindredacteur om er een te maken; bekijken kan ' +
          'onder ‘Presentatoren’.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aanmaken' })).toBeNull();
  });

  it('offers an eindredacteur the new presenter form', async () => {
    renderPage('/inhoud/presenters/nieuw', eindredacteur);
    expect(await screen.findByRole('button', { name: 'Aanmaken' })).toBeTruthy();
  });
});

describe('ContentEditPage of a podcast', () => {
  const downloads = {
    feed: 3,
    days: 28,
    from: '2026-10-31',
    until: '2026-11-27',
    total: 5,
    episodes: [{ id: 8, title: 'Aflevering acht', slug: 'acht', downloads: 5 }],
    byDay: [{ date: '2026-11-27', downloads: 5, episodes: [{ id: 8, downloads: 5 }] }],
  };

  function renderPodcastPage(path: string, permissions: string[]) {
    server({
      'GET /api/admin/content-types': () => json({ types: [articles, presenters, feeds, episodes] }),
      'GET /api/admin/content/podcast-feeds/3': () =>
        json({
          item: programmeItem({ id: '3', title: 'De Nieuwsduik', values: { title: 'De Nieuwsduik' } }),
        }),
      'GET /api/admin/content/podcast-episodes/8': () =>
        json({
          item: programmeItem({
            id: '8',
            title: 'Aflevering acht',
            values: { title: 'Aflevering acht', feed: 3 },
          }),
        }),
      'GET /api/admin/podcasts/3/downloads': () => json(downloads),
    });
    const router = createMemoryRouter(
      [{ path: '/inhoud/:type/:id', element: <ContentEditPage permissions={permissions} /> }],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
  }

  it("shows the podcast's downloads per day to a role that reads listener figures", async () => {
    renderPodcastPage('/inhoud/podcast-feeds/3', eindredacteur);
    expect(await screen.findByRole('table', { name: /Downloads van de afgelopen 28 dagen/ })).toBeTruthy();
  });

  it("shows the episode's own downloads on its page", async () => {
    renderPodcastPage('/inhoud/podcast-episodes/8', eindredacteur);
    expect(await screen.findByRole('table', { name: /Downloads van deze aflevering/ })).toBeTruthy();
    expect(screen.getByText('5 downloads in de afgelopen 28 dagen.')).toBeTruthy();
  });

  it('shows no downloads to a role without listener figures', async () => {
    renderPodcastPage('/inhoud/podcast-feeds/3', ['edit_drafts']);
    expect(await screen.findByText('De Nieuwsduik', { selector: 'h1' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Downloads per dag' })).toBeNull();
  });
});
