import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  broadcast,
  broadcastHours,
  fixturePage,
  olderTrack,
  site,
  track,
  timeshiftAnswer,
} from '../../test/fixtures';
import { playerServer } from '../../test/player-server';
import { renderApp } from '../../test/render-app';
import type { PageEnvelope, PlayedTracksData } from '../../api/types';
import { dateOptionLabel, offeredSlots, playedTrackDates, windowDates } from './played-tracks-page';

const envelope = fixturePage('/gedraaid');

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z'), shouldAdvanceTime: true, toFake: ['Date'] });
  // Every /gedraaid URL answers with the same page data.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PlayedTracksPage', () => {
  it('offers today and the 14 days before it', () => {
    const dates = playedTrackDates('2026-11-21');
    expect(dates).toHaveLength(15);
    expect(dates[0]).toBe('2026-11-21');
    expect(dates[14]).toBe('2026-11-07');
  });

  it('lists tracks with time, name and artist', async () => {
    renderApp(envelope, '/gedraaid');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gedraaid op Ether Radio 2' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Gedraaide nummers op Ether Radio 2' });
    expect(list).toHaveTextContent('08:04');
    expect(list).toHaveTextContent('Zomeravond');
    expect(list).toHaveTextContent('De Golven');
    // Each name leads to the song's page (spec §3 Track: the track route).
    expect(within(list).getByRole('link', { name: 'Zomeravond' })).toHaveAttribute(
      'href',
      '/nummers/12/zomeravond',
    );
    expect(screen.getByRole('link', { name: 'Pagina 2' })).toHaveAttribute('href', '/gedraaid?page=2');
  });

  it('pages through a long day with the first, last and nearby pages in one navigation', async () => {
    const long: PageEnvelope<PlayedTracksData> = {
      ...(envelope as PageEnvelope<PlayedTracksData>),
      data: {
        ...(envelope.data as PlayedTracksData),
        paging: { page: 12, pageCount: 23, total: 451 },
      },
    };
    renderApp(long, '/gedraaid?page=12');
    const nav = await screen.findByRole('navigation', { name: 'Paginering' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Vorige', '1', '11', '13', '23', 'Volgende']);
    expect(within(nav).getByRole('link', { name: 'Pagina 1' })).toHaveAttribute('href', '/gedraaid');
    expect(within(nav).getByRole('link', { name: 'Pagina 23' })).toHaveAttribute('href', '/gedraaid?page=23');
    expect(within(nav).getByRole('link', { name: 'Vorige' })).toHaveAttribute('href', '/gedraaid?page=11');
    expect(within(nav).getByRole('link', { name: 'Volgende' })).toHaveAttribute('href', '/gedraaid?page=13');
    expect(within(nav).getByText('12').closest('[aria-current="page"]')).not.toBeNull();
    expect(screen.getByText(/pagina 12 van 23/)).toBeInTheDocument();
  });

  it.each([
    ['Datum', '2026-11-19', '/gedraaid/19-11-2026'],
    ['Tijdvak', '9_10', '/gedraaid?time=9_10'],
    ['Zender', 'radio1', '/gedraaid?channel=radio1'],
  ])('changes the URL through the route builder (%s)', async (label, value, url) => {
    const { router } = renderApp(envelope, '/gedraaid');
    await screen.findByRole('heading', { level: 1 });
    await userEvent.selectOptions(screen.getByLabelText(label), value);
    expect(router.state.location.search).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Toon nummers' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(url));
  });

  it('offers today only the hour slots up to now', async () => {
    renderApp(envelope, '/gedraaid');
    await screen.findByRole('heading', { level: 1 });
    const options = [...(screen.getByLabelText('Tijdvak') as HTMLSelectElement).options].map((o) => o.value);
    expect(options.at(-1)).toBe('13_14'); // 12:00 UTC is 13:00 in Amsterdam
  });

  it('offers the hour slots of the date chosen, before the form is submitted', async () => {
    const { router } = renderApp(envelope, '/gedraaid');
    await screen.findByRole('heading', { level: 1 });
    const slots = () =>
      [...(screen.getByLabelText('Tijdvak') as HTMLSelectElement).options].map((o) => o.value);
    expect(slots().at(-1)).toBe('13_14');
    await userEvent.selectOptions(screen.getByLabelText('Datum'), '2026-11-20');
    expect(slots().at(-1)).toBe('23_24');
    await userEvent.selectOptions(screen.getByLabelText('Tijdvak'), '20_21');
    await userEvent.click(screen.getByRole('button', { name: 'Toon nummers' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/gedraaid/20-11-2026?time=20_21',
      ),
    );
  });

  it('offers the dates of the kept window with relative labels', async () => {
    expect(windowDates({ first: '2026-11-07', last: '2026-11-21', contains: true })).toEqual(
      playedTrackDates('2026-11-21'),
    );
    const now = new Date('2026-11-21T12:00:00Z');
    expect(dateOptionLabel('2026-11-21', now)).toBe('Vandaag 21 november 2026');
    expect(dateOptionLabel('2026-11-20', now)).toBe('Gisteren 20 november 2026');
    expect(dateOptionLabel('2026-11-18', now)).toBe('Woensdag 18 november 2026');
    renderApp(envelope, '/gedraaid');
    await screen.findByRole('heading', { level: 1 });
    const options = [...(screen.getByLabelText('Datum') as HTMLSelectElement).options];
    expect(options).toHaveLength(15);
    expect(options[1]?.textContent).toBe('Gisteren 20 november 2026');
    expect(screen.getByText('Vandaag, zaterdag 21 november 2026')).toBeInTheDocument();
  });

  it('keeps a chosen slot that is not offered yet', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(offeredSlots('2026-11-21', '20_21', now).at(-1)).toEqual({ id: '20_21', name: '20:00-21:00' });
    expect(offeredSlots('2026-11-20', '20_21', now)).toHaveLength(25);
  });

  it('says so when the date lies outside the kept window', async () => {
    const outside: PageEnvelope<PlayedTracksData> = {
      ...(envelope as PageEnvelope<PlayedTracksData>),
      data: {
        ...(envelope.data as PlayedTracksData),
        date: '2026-10-01',
        tracks: [],
        paging: { page: 1, pageCount: 1, total: 0 },
        window: { first: '2026-11-07', last: '2026-11-21', contains: false },
      },
    };
    renderApp(outside, '/gedraaid/01-10-2026');
    expect(await screen.findByText(/Gedraaide nummers worden 14 dagen bewaard/)).toHaveTextContent(
      'Van donderdag 1 oktober 2026 is er geen lijst.',
    );
    expect(screen.getByRole('link', { name: 'Bekijk wat er vandaag is gedraaid' })).toHaveAttribute(
      'href',
      '/gedraaid',
    );
  });

  it('points to yesterday while nothing is played yet today, just after midnight', async () => {
    const empty: PageEnvelope<PlayedTracksData> = {
      ...(envelope as PageEnvelope<PlayedTracksData>),
      data: {
        ...(envelope.data as PlayedTracksData),
        date: '2026-11-21',
        time: '0_24',
        tracks: [],
        paging: { page: 1, pageCount: 1, total: 0 },
      },
    };
    renderApp(empty, '/gedraaid');
    expect(
      await screen.findByText(/Vandaag is er nog niets gedraaid op Ether Radio 2\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bekijk wat er gisteren is gedraaid' })).toHaveAttribute(
      'href',
      '/gedraaid/20-11-2026',
    );
  });
});

// Trip 6 of issue 51: today's list follows the songs while it is open, as the mini player does.
describe('PlayedTracksPage while open', () => {
  it('puts a new song on top when the live data have one, keeping the rows and the focus', async () => {
    const page = envelope as PageEnvelope<PlayedTracksData>;
    const first = page.data.tracks[0];
    if (!first) throw new Error('the fixture lists tracks');
    // The live data's newest play (id 1, test/player-server) is one the list does not have yet.
    const newer = {
      ...first,
      id: 1,
      from: '2026-11-21T07:08:00Z',
      until: '2026-11-21T07:12:00Z',
      name: 'Nieuw lied',
    };
    const updated: PageEnvelope<PlayedTracksData> = {
      ...page,
      data: {
        ...page.data,
        tracks: [newer, ...page.data.tracks],
        paging: { ...page.data.paging, total: page.data.paging.total + 1 },
      },
    };
    const server = playerServer(site);
    server.hold('radio2');
    const pageCalls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname !== '/api/page') return server.fetch(input);
        pageCalls.push(url.searchParams.get('path') ?? '');
        return new Response(JSON.stringify(updated), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderApp(page, '/gedraaid');
    const list = await screen.findByRole('list', { name: 'Gedraaide nummers op Ether Radio 2' });
    const row = within(list).getByRole('link', { name: 'Zomeravond' });
    row.focus();
    expect(pageCalls).toEqual([]);

    act(() => server.release('radio2'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Nieuw lied'));
    expect(pageCalls).toEqual(['/gedraaid']);
    // The rows that were there are the same elements: nothing is laid out again, the focus stays.
    expect(within(list).getByRole('link', { name: 'Zomeravond' })).toBe(row);
    expect(row).toHaveFocus();
    expect(screen.getByRole('list', { name: 'Gedraaide nummers op Ether Radio 2' })).toBe(list);
    // The count shown follows, without a live region that would speak up at every new song.
    const summary = document.querySelector('.filters__summary');
    expect(summary).toHaveTextContent(`${page.data.paging.total + 1} nummers`);
    expect(summary?.closest('[aria-live]')).toBeNull();
  });

  it("plays a track inside live rewind's window there and an older one in its hour's recording (issue 49)", async () => {
    // The window starts at 08:02 Amsterdam: the track at 08:04 is in it. The one at 07:30 is older
    // and falls in the recorded hour 07:00-08:00; the one at 05:30 is older still and unrecorded.
    const recordedTrack = {
      ...olderTrack,
      id: 8999,
      from: '2026-11-21T06:30:00Z',
      until: '2026-11-21T06:34:00Z',
    };
    const unrecordedTrack = {
      ...olderTrack,
      id: 8998,
      name: 'Nachtlied',
      title: 'Nachtlied',
      from: '2026-11-21T04:30:00Z',
      until: '2026-11-21T04:34:00Z',
    };
    const hour = broadcastHours[1];
    if (!hour) throw new Error('no hour 07-08 in the fixture');
    const page: PageEnvelope<PlayedTracksData> = {
      ...(envelope as PageEnvelope<PlayedTracksData>),
      data: {
        ...(envelope.data as PlayedTracksData),
        tracks: [track, recordedTrack, unrecordedTrack],
        rewindSpans: timeshiftAnswer.hours.map(({ fromMs, untilMs }) => ({ fromMs, untilMs })),
        recordedHours: [
          {
            broadcast,
            hour,
            hours: broadcastHours,
            recording: { available: true, durationSeconds: 3600, gaps: [] },
          },
        ],
      },
    };
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
        if (url.startsWith('/api/play/broadcast/')) {
          return json({
            mid: 'broadcast-501',
            playerToken: '',
            streamUrl: '/recordings/broadcast/501/1783000000.mp3?expires=1&signature=x',
            format: 'mp3',
          });
        }
        return json(page);
      }),
    );
    renderApp(page, '/gedraaid');
    const list = await screen.findByRole('list', { name: 'Gedraaide nummers op Ether Radio 2' });
    expect(await within(list).findByRole('button', { name: 'Luister vanaf hier: Zomeravond' })).toBeVisible();
    const older = within(list).getByRole('button', { name: 'Luister vanaf hier: Regen in de stad' });
    expect(within(list).queryByRole('button', { name: 'Luister vanaf hier: Nachtlied' })).toBeNull();

    await userEvent.click(older);
    // The hour's recording, asked for by its start (07:00 Amsterdam), not the live channel.
    await waitFor(() =>
      expect(calls).toContain(`/api/play/broadcast/${broadcast.id}/${Date.parse(hour.from) / 1000}`),
    );
    expect(calls.some((url) => url.startsWith('/api/player/radio2/live'))).toBe(false);
  });

  it("offers 'Luister vanaf hier' only where the page's data names a recorded span, from its first render, with no call of its own (issues 49, 53)", async () => {
    // Live rewind's window spans 08:02 to 10:00 Amsterdam, but only 09:00-10:00 was recorded, the one
    // span the page's data names: Zomeravond at 08:04 would start at 09:00, another song, so it has
    // no button; Later lied at 09:10 has one. A button that came only with a later answer would make
    // its row grow after the page is shown: a layout shift.
    const spans = [
      { fromMs: Date.parse('2026-11-21T08:00:00Z'), untilMs: Date.parse('2026-11-21T09:00:00Z') },
    ];
    const newer = {
      ...track,
      id: 9002,
      name: 'Later lied',
      title: 'Later lied',
      from: '2026-11-21T08:10:00Z',
    };
    const page: PageEnvelope<PlayedTracksData> = {
      ...(envelope as PageEnvelope<PlayedTracksData>),
      data: { ...(envelope.data as PlayedTracksData), tracks: [newer, track], rewindSpans: spans },
    };
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return new Response(JSON.stringify(page), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderApp(page, '/gedraaid');
    const list = await screen.findByRole('list', { name: 'Gedraaide nummers op Ether Radio 2' });
    const button = within(list).getByRole('button', { name: 'Luister vanaf hier: Later lied' });
    expect(within(list).queryByRole('button', { name: 'Luister vanaf hier: Zomeravond' })).toBeNull();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(within(list).getByRole('button', { name: 'Luister vanaf hier: Later lied' })).toBe(button);
    expect(calls.filter((url) => url.includes('/timeshift'))).toEqual([]);
  });
});
