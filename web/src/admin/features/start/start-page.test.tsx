import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '../../api/admin-client';
import { json, server } from '../../test-support/fake-server';
import type { StartItem, StartOverview } from './start-api';
import { StartPage } from './start-page';

afterEach(() => vi.unstubAllGlobals());

const session: AdminSession = {
  user: {
    id: 3,
    email: 'rita@ether.local',
    name: 'Rita Redacteur',
    role: 'redacteur',
    channels: [],
    active: true,
    mustChangePassword: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
  csrfToken: 'abc',
  permissions: ['edit_drafts'],
  expiresAt: '',
};

const item = (change: Partial<StartItem>): StartItem => ({
  type: 'articles',
  typeLabel: 'Artikel',
  id: '12',
  title: 'Nieuwe zendmast',
  state: 'draft',
  publishAt: null,
  lastEdit: { by: 'Rita Redacteur', at: '2026-11-21T11:05:00.000Z' },
  hasDraft: false,
  url: '/beheer/inhoud/articles/12',
  ...change,
});

const overview = (change: Partial<StartOverview> = {}): StartOverview => ({
  user: { name: 'Rita Redacteur' },
  myDrafts: [item({})],
  waitingForReview: [
    item({ id: '13', title: 'Zomerfestival', lastEdit: { by: 'Bas', at: '2026-11-21T10:00:00.000Z' } }),
  ],
  scheduled: [
    item({ id: '14', title: 'Kerstprogramma', state: 'scheduled', publishAt: '2026-12-01T07:00:00.000Z' }),
  ],
  recentlyEdited: [
    item({
      id: '15',
      title: 'Verkiezingsavond',
      state: 'online',
      lastEdit: { by: 'Erik', at: '2026-11-21T12:30:00.000Z' },
    }),
  ],
  onSite: {
    banner: item({
      type: 'maintenance-notifications',
      typeLabel: 'Onderhoudsmelding',
      id: '2',
      title: 'Onderhoud vannacht',
      state: 'online',
    }),
    modal: null,
  },
  ...change,
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<StartPage session={session} />} />
        <Route path="/inhoud/:type/:id" element={<h1>Bewerkpagina</h1>} />
      </Routes>
    </MemoryRouter>,
  );

const block = (name: string) => screen.getByRole('region', { name });

describe('StartPage', () => {
  it("says 'Concept in bewerking' of an item on the site that has a draft", async () => {
    const withDraft = item({
      id: '15',
      title: 'Verkiezingsavond',
      state: 'online',
      hasDraft: true,
      lastEdit: { by: 'Erik', at: '2026-11-21T12:30:00.000Z' },
    });
    server({ 'GET /api/admin/start': () => json(overview({ recentlyEdited: [withDraft] })) });
    renderPage();
    const recent = block('Onlangs bewerkt');
    await within(recent).findByRole('link', { name: 'Verkiezingsavond' });
    // In the line a screen reader reads with the link, not only in colour or an icon.
    expect(
      within(recent).getByText(
        'Artikel · Online · Concept in bewerking · bewerkt door Erik op 21-11-2026, 13:30',
      ),
    ).toBeTruthy();
    expect(within(block('Mijn concepten')).queryByText(/Concept in bewerking/)).toBeNull();
  });

  it('lists the work under Dutch headings, with state, who and when in Amsterdam time', async () => {
    server({ 'GET /api/admin/start': () => json(overview()) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Welkom, Rita Redacteur' })).toBeTruthy();
    const drafts = block('Mijn concepten');
    const draft = await within(drafts).findByRole('link', { name: 'Nieuwe zendmast' });
    expect(draft.getAttribute('href')).toBe('/inhoud/articles/12');
    expect(
      within(drafts).getByText('Artikel · Concept · bewerkt door Rita Redacteur op 21-11-2026, 12:05'),
    ).toBeTruthy();

    const waiting = block('Wacht op beoordeling');
    expect(within(waiting).getByRole('link', { name: 'Zomerfestival' }).getAttribute('href')).toBe(
      '/inhoud/articles/13',
    );
    expect(
      within(waiting).getByText('Artikel · Concept · bewerkt door Bas op 21-11-2026, 11:00'),
    ).toBeTruthy();

    const scheduled = block('Ingepland');
    expect(
      within(scheduled).getByText(
        'Artikel · Ingepland · online vanaf 01-12-2026, 08:00 · bewerkt door Rita Redacteur op 21-11-2026, 12:05',
      ),
    ).toBeTruthy();
    const recent = block('Onlangs bewerkt');
    expect(within(recent).getByRole('link', { name: 'Verkiezingsavond' })).toBeTruthy();
    expect(
      within(recent).getByText('Artikel · Online · bewerkt door Erik op 21-11-2026, 13:30'),
    ).toBeTruthy();

    const onSite = block('Nu op de site');
    expect(within(onSite).getByRole('link', { name: 'Onderhoud vannacht' }).getAttribute('href')).toBe(
      '/inhoud/maintenance-notifications/2',
    );
    expect(within(onSite).getByText('Bezoekers zien nu geen evenementblok.')).toBeTruthy();
  });

  it('says in a sentence when a block is empty', async () => {
    server({
      'GET /api/admin/start': () =>
        json(
          overview({
            myDrafts: [],
            waitingForReview: [],
            scheduled: [],
            recentlyEdited: [],
            onSite: { banner: null, modal: null },
          }),
        ),
    });
    renderPage();
    expect(
      await within(block('Mijn concepten')).findByText(
        'Je hebt geen concepten. Een nieuw item begin je onder Inhoud.',
      ),
    ).toBeTruthy();
    expect(within(block('Wacht op beoordeling')).getByText('Er wacht niets op beoordeling.')).toBeTruthy();
    expect(
      within(block('Ingepland')).getByText('Er staat niets ingepland om later online te komen.'),
    ).toBeTruthy();
    expect(within(block('Onlangs bewerkt')).getByText('Er is nog niets bewerkt in het beheer.')).toBeTruthy();
    expect(
      within(block('Nu op de site')).getByText('Bezoekers zien nu geen onderhoudsmelding.'),
    ).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('keeps every heading while it loads, and marks the page busy', async () => {
    server({ 'GET /api/admin/start': () => new Promise<Response>(() => undefined) });
    renderPage();
    for (const name of ['Mijn concepten', 'Ingepland', 'Onlangs bewerkt', 'Nu op de site']) {
      expect(within(block(name)).getByText('Laden…')).toBeTruthy();
    }
    expect(screen.getByRole('region', { name: /^Welkom/ }).getAttribute('aria-busy')).toBe('true');
  });

  it('says what failed in Dutch and loads again with the keyboard', async () => {
    let calls = 0;
    server({
      'GET /api/admin/start': () => {
        calls += 1;
        return calls === 1
          ? json(
              { error: { code: 'store_unavailable', message: 'De database is even niet bereikbaar.' } },
              503,
            )
          : json(overview());
      },
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('De site kan haar gegevens nu niet bereiken.');
    const retry = within(alert).getByRole('button', { name: 'Opnieuw proberen' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    expect(
      await within(block('Mijn concepten')).findByRole('link', { name: 'Nieuwe zendmast' }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens an item from its link', async () => {
    server({ 'GET /api/admin/start': () => json(overview()) });
    renderPage();
    await userEvent.click(await screen.findByRole('link', { name: 'Nieuwe zendmast' }));
    expect(screen.getByRole('heading', { name: 'Bewerkpagina' })).toBeTruthy();
  });
});
