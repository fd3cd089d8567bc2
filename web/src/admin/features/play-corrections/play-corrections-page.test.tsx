import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server } from '../../test-support/fake-server';
import type { LoggedPlay, PlayLog } from './play-corrections-api';
import { PlayCorrectionsPage } from './play-corrections-page';

afterEach(() => vi.unstubAllGlobals());

const song: LoggedPlay = {
  id: 11,
  startsAt: '2026-11-21T10:45:00Z',
  endsAt: '2026-11-21T10:48:00Z',
  songId: 4,
  artist: 'De Golven',
  title: 'Echte Song',
  source: 'playout',
  hidden: false,
  hiddenBy: null,
};
const jingle: LoggedPlay = { ...song, id: 12, songId: 5, title: 'Stationsjingle', artist: 'Ether' };
const channels = [
  { slug: 'radio2', name: 'Radio 2' },
  { slug: 'radio5', name: 'Radio 5' },
];
const log = (change: Partial<PlayLog>): PlayLog => ({
  channel: 'radio2',
  date: '2026-11-21',
  channels,
  plays: [song, jingle],
  page: 1,
  pageSize: 50,
  total: 2,
  ...change,
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <PlayCorrectionsPage />
    </MemoryRouter>,
  );

describe('PlayCorrectionsPage', () => {
  it('hides a play logged wrongly, says so, and offers to show it again', async () => {
    const fetch = server({
      'GET /api/admin/plays': () => json(log({})),
      'PUT /api/admin/plays/12/hidden': () =>
        json({ play: { ...jingle, hidden: true, hiddenBy: 'Erik de Eindredacteur' } }),
    });
    renderPage();
    const table = await screen.findByRole('table', {
      name: 'Gedraaid op Radio 2, zaterdag 21 november 2026',
    });
    const row = within(table).getByText('Stationsjingle').closest('tr') as HTMLElement;
    expect(within(row).getByText('11:45')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Verbergen: Stationsjingle om 11:45' }));

    expect(await screen.findByText('‘Stationsjingle’ van 11:45 is verborgen.')).toBeTruthy();
    expect(within(row).getByText('Verborgen door Erik de Eindredacteur')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Weer tonen: Stationsjingle om 11:45' })).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(put[1].body as string)).toEqual({ hidden: true });
    // The other play is untouched, and its song is corrected under 'Muziek'.
    const other = within(table).getByText('Echte Song').closest('tr') as HTMLElement;
    expect(within(other).getByText('Ja')).toBeTruthy();
    expect(
      within(other).getByRole('link', { name: 'Nummer verbeteren: Echte Song' }).getAttribute('href'),
    ).toBe('/inhoud/songs/4');
  });

  it('shows the log of the channel and day chosen, and says when nothing was logged', async () => {
    server({
      'GET /api/admin/plays': () => json(log({})),
      'GET /api/admin/plays?channel=radio5&date=2026-11-20': () =>
        json(log({ channel: 'radio5', date: '2026-11-20', plays: [], total: 0 })),
    });
    renderPage();
    await screen.findByRole('table', { name: 'Gedraaid op Radio 2, zaterdag 21 november 2026' });
    await userEvent.selectOptions(screen.getByLabelText('Kanaal'), 'radio5');
    const date = screen.getByLabelText('Datum');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-20');
    await userEvent.click(screen.getByRole('button', { name: 'Tonen' }));
    expect(await screen.findByText('Op deze dag is op Radio 5 niets gelogd.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads a long day a page at a time, newest first, and goes back', async () => {
    const older: LoggedPlay = { ...song, id: 13, title: 'Oude Song', startsAt: '2026-11-21T08:00:00Z' };
    server({
      'GET /api/admin/plays': () => json(log({ total: 120 })),
      'GET /api/admin/plays?channel=radio2&date=2026-11-21': () => json(log({ total: 120 })),
      'GET /api/admin/plays?channel=radio2&date=2026-11-21&page=2': () =>
        json(log({ plays: [older], page: 2, total: 120 })),
    });
    renderPage();
    expect(await screen.findByText('120 titels, nieuwste eerst, pagina 1 van 3')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: "Pagina's van de titels" });
    expect(within(pager).getByRole('button', { name: 'Vorige' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(pager).getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Oude Song')).toBeTruthy();
    expect(screen.getByText('120 titels, nieuwste eerst, pagina 2 van 3')).toBeTruthy();
    expect(screen.queryByText('Stationsjingle')).toBeNull();
    await userEvent.click(within(pager).getByRole('button', { name: 'Vorige' }));
    expect(await screen.findByText('Stationsjingle')).toBeTruthy();
  });
});
