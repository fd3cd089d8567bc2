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
  startsAt: '2026-11-21T11:45:00+01:00',
  endsAt: '2026-11-21T11:48:00+01:00',
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
        json(log({ channel: 'radio5', date: '2026-11-20', plays: [] })),
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
});
