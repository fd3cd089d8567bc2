import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageEnvelope, TrackPageData, TrackPagePlay } from '../../api/types';
import { broadcastHours, fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { playMoment } from './track-page';

const path = '/nummers/12/zomeravond';

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith('/api/play/broadcast/501/')) {
    return new Response(
      JSON.stringify({
        mid: 'broadcast-501',
        playerToken: '',
        streamUrl: '/recordings/broadcast/501.mp3?expires=1&signature=x',
        format: 'mp3',
      }),
      { headers: { 'Content-Type': 'application/json' } },
    );
  }
  return new Response('{}', { status: 404, statusText: 'Not Found' });
});

// The first render loads the whole app, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

function withData(change: Partial<TrackPageData>): PageEnvelope {
  const envelope = fixturePage(path);
  return { ...envelope, data: { ...(envelope.data as TrackPageData), ...change } };
}

describe('playMoment', () => {
  it("is the play's Amsterdam date and time, as the server's page writes it", () => {
    expect(playMoment('2026-11-21T07:04:00Z')).toBe('zaterdag 21 november 2026, 08:04');
  });
});

describe('TrackPage', () => {
  it('shows the song, its artist, when it was last played on which channel, and its plays', async () => {
    renderApp(fixturePage(path), path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Zomeravond' })).toBeInTheDocument();
    expect(screen.getByText('Nummer')).toBeInTheDocument();
    expect(screen.getByText('De Golven')).toBeInTheDocument();
    const last = screen.getByText(/^Laatst gedraaid:/);
    expect(last).toHaveTextContent('Laatst gedraaid: zaterdag 21 november 2026, 08:04 op Ether Radio 2');
    expect(within(last).getByRole('link', { name: 'Ether Radio 2' })).toHaveAttribute('href', '/gedraaid');
    expect(await screen.findByText('7 keer gedraaid')).toBeInTheDocument();

    const plays = within(screen.getByRole('list', { name: 'Wanneer gedraaid' })).getAllByRole('listitem');
    expect(plays).toHaveLength(2);
    const [recent, earlier] = plays as [HTMLElement, HTMLElement];
    expect(recent).toHaveTextContent('zaterdag 21 november 2026, 08:04');
    // The play links to the broadcast hour it fell in, whose page plays that hour.
    expect(within(recent).getByRole('link', { name: 'De Ochtendploeg, 08:00–09:00' })).toHaveAttribute(
      'href',
      '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg/08-uur',
    );
    expect(
      within(recent).getByRole('button', { name: 'Luister vanaf 08:04 op zaterdag 21 november 2026' }),
    ).toHaveTextContent('Luister vanaf 08:04');
    // The night before, outside any broadcast: nothing to hear back.
    expect(earlier).toHaveTextContent('Soul & Jazz');
    expect(earlier).toHaveTextContent('Geen opname');
    expect(within(earlier).queryByRole('button')).toBeNull();
  });

  it("plays the hour's recording from the moment the song started", async () => {
    renderApp(fixturePage(path), path);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Luister vanaf 08:04 op zaterdag 21 november 2026' }),
    );
    // The hour's play API (its start, 07:00 UTC, in unix seconds).
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/play/broadcast/501/1795244400', expect.anything()),
    );
  });

  it("goes on into the broadcast's next hours when the play's hour is over (issue 39 #8)", async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    const data = fixturePage(path).data as TrackPageData;
    const [first] = data.plays as [TrackPagePlay];
    const [sixToSeven, sevenToEight, eightToNine] = broadcastHours.map(({ from, until, label, url }) => ({
      from,
      until,
      label,
      url,
    }));
    if (!sixToSeven || !sevenToEight || !eightToNine) throw new Error('the fixture has three hours');
    // Played at 06:10, in the broadcast's first hour.
    const play = { ...first, from: '2026-11-21T05:10:00Z', hour: sixToSeven, offsetSeconds: 600 };
    renderApp(withData({ plays: [play] }), path);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Luister vanaf 06:10 op zaterdag 21 november 2026' }),
    );
    const start = (h: { from: string }) => Date.parse(h.from) / 1000;
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/play/broadcast/501/${start(sixToSeven)}`,
        expect.anything(),
      ),
    );
    const audio = document.querySelector<HTMLAudioElement>('#audio-player-id');
    if (!audio) throw new Error('no audio element');
    await waitFor(() => expect(audio.getAttribute('src')).toContain('/recordings/broadcast/501.mp3'));

    // The hour ends: the next hour of the broadcast plays, and then the one after it.
    audio.dispatchEvent(new Event('ended'));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/play/broadcast/501/${start(sevenToEight)}`,
        expect.anything(),
      ),
    );
    audio.dispatchEvent(new Event('ended'));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/play/broadcast/501/${start(eightToNine)}`,
        expect.anything(),
      ),
    );
  });

  it('offers no recording when the hour has none, and names the complete work of classical data', async () => {
    const data = fixturePage(path).data as TrackPageData;
    const [first] = data.plays as [TrackPagePlay];
    renderApp(
      withData({
        track: { ...data.track, completeWork: 'Symfonie nr. 5', composer: 'L. van Beethoven' },
        plays: [{ ...first, recording: { available: false, durationSeconds: null, gaps: [] } }],
      }),
      path,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Symfonie nr. 5' })).toBeInTheDocument();
    expect(screen.getByText('Componist: L. van Beethoven')).toBeInTheDocument();
    expect(await screen.findByText('Geen opname')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Luister vanaf/ })).toBeNull();
  });
});
