import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server } from '../../test-support/fake-server';
import { HeaderSearch } from './header-search';
import type { ContentHit, SearchAnswer } from './search-api';
import { SearchPage } from './search-page';

afterEach(() => vi.unstubAllGlobals());

const hit = (change: Partial<ContentHit>): ContentHit => ({
  type: 'articles',
  typeLabel: 'Artikel',
  id: '12',
  title: 'Nieuwe zendmast',
  state: 'draft',
  review: null,
  archived: false,
  author: 'Rita Redacteur',
  lastEdit: { by: 'Erik', at: '2026-11-21T11:05:00.000Z' },
  url: '/beheer/inhoud/articles/12',
  ...change,
});

const answer: SearchAnswer = {
  query: 'rita',
  total: 8,
  groups: [
    {
      type: 'articles',
      label: 'Nieuwsartikelen',
      total: 6,
      items: [
        hit({ review: 'waiting' }),
        hit({ id: '13', title: 'Zomerfestival', state: 'online', lastEdit: null }),
        hit({ id: '14', title: 'Archief', state: 'online', archived: true }),
        hit({ id: '15', title: 'Kerst', state: 'scheduled' }),
        hit({ id: '16', title: '', state: 'expired', author: null }),
      ],
    },
    {
      type: 'users',
      label: 'Gebruikers',
      total: 2,
      items: [
        {
          type: 'users',
          id: '3',
          title: 'Rita Redacteur',
          email: 'rita@ether.local',
          role: 'redacteur',
          active: true,
          url: '/beheer/gebruikers',
        },
        {
          type: 'users',
          id: '4',
          title: 'Rita Oud',
          email: 'oud@ether.local',
          role: 'eindredacteur',
          active: false,
          url: '/beheer/gebruikers',
        },
      ],
    },
  ],
};

// The header's form and the results page, as the shell has them.
const renderApp = (at: string) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <HeaderSearch />
      <Routes>
        <Route path="/" element={<h1>Start</h1>} />
        <Route path="/zoeken" element={<SearchPage />} />
        <Route path="/inhoud/:type/:id" element={<h1>Bewerkpagina</h1>} />
        <Route path="/inhoud/:type" element={<h1>Lijst</h1>} />
      </Routes>
    </MemoryRouter>,
  );

describe('HeaderSearch and SearchPage', () => {
  it('searches from the header with Enter and lists the groups with their counts', async () => {
    const fetch = server({ 'GET /api/admin/search?q=naam%20rita': () => json(answer) });
    renderApp('/');
    const form = screen.getByRole('search', { name: 'Zoeken in beheer' });
    const field = within(form).getByRole('searchbox', { name: 'Zoeken in beheer' });
    await userEvent.type(field, '  naam rita {Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zoeken naar "naam rita"' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    const articles = await screen.findByRole('region', { name: 'Nieuwsartikelen (5 van 6)' });
    const link = within(articles).getByRole('link', { name: 'Nieuwe zendmast' });
    expect(link.getAttribute('href')).toBe('/inhoud/articles/12');
    expect(
      within(articles).getByText(
        'Artikel · Wacht op beoordeling · door Rita Redacteur · bewerkt door Erik op 21-11-2026, 12:05',
      ),
    ).toBeTruthy();
    expect(within(articles).getByText('Artikel · Online · door Rita Redacteur')).toBeTruthy();
    expect(within(articles).getByText(/^Artikel · Gearchiveerd/)).toBeTruthy();
    expect(within(articles).getByText(/^Artikel · Ingepland/)).toBeTruthy();
    expect(within(articles).getByRole('link', { name: 'Artikel zonder titel' })).toBeTruthy();
    expect(
      within(articles)
        .getByRole('link', { name: 'Alle 6 nieuwsartikelen met "naam rita"' })
        .getAttribute('href'),
    ).toBe('/inhoud/articles?q=naam%20rita');

    const users = screen.getByRole('region', { name: 'Gebruikers (2)' });
    expect(within(users).getByText('rita@ether.local · Redacteur')).toBeTruthy();
    expect(within(users).getByText('oud@ether.local · Eindredacteur · gedeactiveerd')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('8 resultaten');
    // The field keeps the term searched for.
    expect((field as HTMLInputElement).value).toBe('naam rita');

    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Bewerkpagina' })).toBeTruthy();
  });

  it('reads the term from the URL, so that a reload shows the same results', async () => {
    server({ 'GET /api/admin/search?q=zendmast': () => json({ ...answer, query: 'zendmast' }) });
    renderApp('/zoeken?q=zendmast');
    expect(await screen.findByRole('link', { name: 'Nieuwe zendmast' })).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('zendmast');
  });

  it('says in Dutch that nothing was found', async () => {
    server({ 'GET /api/admin/search?q=xyz': () => json({ query: 'xyz', total: 0, groups: [] }) });
    renderApp('/zoeken?q=xyz');
    expect(await screen.findByText('Niets gevonden voor "xyz".')).toBeTruthy();
  });

  it('does not search for an empty term', async () => {
    const fetch = server({});
    renderApp('/');
    await userEvent.type(screen.getByRole('searchbox'), '   {Enter}');
    expect(screen.getByRole('heading', { name: 'Start' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and tries again", async () => {
    let calls = 0;
    server({
      'GET /api/admin/search?q=fout': () =>
        ++calls === 1
          ? json({ error: { code: 'search_too_long', message: 'Een zoekterm is te lang.' } }, 400)
          : json({ query: 'fout', total: 0, groups: [] }),
    });
    renderApp('/zoeken?q=fout');
    expect(
      within(await screen.findByRole('alert')).getByText('Een zoekterm is hoogstens 100 tekens lang.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Niets gevonden voor "fout".')).toBeTruthy();
  });
});
