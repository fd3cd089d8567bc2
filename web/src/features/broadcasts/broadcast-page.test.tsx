import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastData, BroadcastHourData, PageEnvelope } from '../../api/types';
import { broadcast, broadcastHours, fixturePage, timeshiftAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const path = '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg';

function withData(change: Partial<BroadcastData>): PageEnvelope {
  const envelope = fixturePage(path);
  return { ...envelope, data: { ...(envelope.data as BroadcastData), ...change } };
}

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith('/api/play/broadcast/501')) {
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
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

const hourPath = `${path}/08-uur`;

function hourWithData(change: Partial<BroadcastHourData>): PageEnvelope {
  const envelope = fixturePage(hourPath);
  return { ...envelope, data: { ...(envelope.data as BroadcastHourData), ...change } };
}

describe('BroadcastHourPage', () => {
  it('shows the slot label, the recording of the hour, the other hours and its tracks in a compact list', async () => {
    renderApp(fixturePage(hourPath), hourPath);
    expect(await screen.findByRole('heading', { level: 1, name: 'De Ochtendploeg' })).toBeInTheDocument();
    expect(screen.getByText('Zaterdag 21 november 2026 08 - 09 uur')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hele uitzending (06:00–09:00)' })).toHaveAttribute('href', path);
    expect(screen.getByText('Duur 1:00:00')).toBeInTheDocument();
    const hours = screen.getByRole('navigation', { name: 'Per uur terugluisteren' });
    expect(within(hours).getByText('08:00–09:00')).toHaveAttribute('aria-current', 'page');
    expect(within(hours).getByRole('link', { name: '06:00–07:00' })).toHaveAttribute(
      'href',
      `${path}/06-uur`,
    );
    const list = screen.getByRole('list', { name: 'Gedraaide nummers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Zomeravond');
    expect(within(list).getByRole('link', { name: 'Zomeravond' })).toHaveAttribute(
      'href',
      '/nummers/12/zomeravond',
    );
    // Offsets count from the hour: the track at 08:04 is 4 minutes in.
    expect(screen.getByRole('button', { name: /^Speel vanaf 4:00: / })).toHaveTextContent('4:00');
  });

  it('plays on into the next hours of the broadcast when the hour is over (issue 39 #8)', async () => {
    const [first, second, third] = broadcastHours.map(({ from, until, label, url }) => ({
      from,
      until,
      label,
      url,
    }));
    if (!first || !second || !third) throw new Error('the fixture has three hours');
    const start = (h: { from: string }) => Date.parse(h.from) / 1000;
    renderApp(hourWithData({ hour: first }), first.url);
    await userEvent.click(await screen.findByRole('button', { name: 'Luister dit uur' }));
    expect(fetchMock).toHaveBeenCalledWith(`/api/play/broadcast/501/${start(first)}`, expect.anything());
    const audio = document.querySelector<HTMLAudioElement>('#audio-player-id');
    if (!audio) throw new Error('no audio element');
    await waitFor(() => expect(audio.getAttribute('src')).toContain('/recordings/broadcast/501.mp3'));

    const hours = screen.getByRole('navigation', { name: 'Per uur terugluisteren' });
    const heard = () => within(hours).getByText('Nu te horen').closest('.broadcast-hours__hour');
    expect(heard()).toHaveAttribute('aria-current', 'page');

    // 1:00:00: the hour ends, and the next hour of the same broadcast plays.
    audio.dispatchEvent(new Event('ended'));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/play/broadcast/501/${start(second)}`, expect.anything()),
    );
    // The page stays on its hour, and says which one is heard now (issue 51 polish).
    await waitFor(() => expect(heard()).toHaveAttribute('href', second.url));
    expect(within(hours).getAllByText('Nu te horen')).toHaveLength(1);
    audio.dispatchEvent(new Event('ended'));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/play/broadcast/501/${start(third)}`, expect.anything()),
    );
  });

  it('plays the recording of the hour from a track', async () => {
    renderApp(fixturePage(hourPath), hourPath);
    await userEvent.click(await screen.findByRole('button', { name: /^Speel vanaf 4:00: / }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/play/broadcast/501/1795244400', expect.anything()),
    );
  });
});

describe('BroadcastPage', () => {
  it('shows the day and times, the recording, its hours and the tracks with their offsets', async () => {
    renderApp(fixturePage(path), path);
    expect(await screen.findByRole('heading', { level: 1, name: 'De Ochtendploeg' })).toBeInTheDocument();
    expect(screen.getByText('Zaterdag 21 november 2026 · 06:00–09:00')).toBeInTheDocument();
    const hours = screen.getByRole('navigation', { name: 'Per uur terugluisteren' });
    expect(within(hours).getByRole('link', { name: '07:00–08:00' })).toHaveAttribute(
      'href',
      `${path}/07-uur`,
    );
    expect(screen.getByRole('button', { name: 'Luister de uitzending' })).toBeInTheDocument();
    expect(screen.getByText('Duur 3:00:00')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Gedraaide nummers' });
    expect(list).toHaveTextContent('Zomeravond');
    expect(screen.getByRole('button', { name: /^Speel vanaf 2:04:00/ })).toBeInTheDocument();
  });

  it("offers 'Luister vanaf hier' for a track inside the channel's live-rewind window, the recording's place for an older one and while the recording plays (issue 49)", async () => {
    // The window starts at 08:02 Amsterdam: the track at 08:04 is in it, the one at 08:00 is not.
    const rewindWindow = timeshiftAnswer;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === `/api/player/${broadcast.channel.slug}/timeshift`
          ? new Response(JSON.stringify(rewindWindow), { headers: { 'Content-Type': 'application/json' } })
          : fetchMock(input),
      ),
    );
    renderApp(fixturePage(path), path);
    const list = await screen.findByRole('list', { name: 'Gedraaide nummers' });
    expect(await within(list).findByRole('button', { name: 'Luister vanaf hier: Zomeravond' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Speel vanaf 2:00:00: Regen in de stad' })).toBeVisible();
    expect(within(list).queryByRole('button', { name: /^Speel vanaf 2:04:00/ })).toBeNull();
    // Once the recording plays, every track seeks in it.
    await userEvent.click(
      within(list).getByRole('button', { name: 'Speel vanaf 2:00:00: Regen in de stad' }),
    );
    expect(
      await within(list).findByRole('button', { name: 'Speel vanaf 2:04:00: Zomeravond' }),
    ).toBeVisible();
  });

  it('plays the recording from a track in the mini player', async () => {
    renderApp(fixturePage(path), path);
    await userEvent.click(await screen.findByRole('button', { name: /^Speel vanaf 2:04:00/ }));
    await waitFor(() =>
      // From the page's own origin, the default domain of spec §7.
      expect(document.querySelector('#audio-player-id')?.getAttribute('src')).toBe(
        new URL('/recordings/broadcast/501.mp3?expires=1&signature=x', window.location.origin).href,
      ),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/play/broadcast/501', expect.anything());
  });

  it('names a missing hour of the recording and skips it while playing', async () => {
    // The hour 07:00–08:00 (Amsterdam) was not recorded: the recording plays silence there.
    const gap = {
      from: '2026-11-21T06:00:00Z',
      until: '2026-11-21T07:00:00Z',
      offsetSeconds: 3600,
      untilSeconds: 7200,
    };
    renderApp(withData({ recording: { available: true, durationSeconds: 10800, gaps: [gap] } }), path);
    const notices = await screen.findByRole('list', { name: 'Ontbreekt in de opname' });
    expect(notices).toHaveTextContent(
      'Het uur 07:00–08:00 ontbreekt in de opname; de speler slaat het over.',
    );
    expect(screen.getByRole('button', { name: 'Luister de uitzending' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Luister de uitzending' }));
    const audio = document.querySelector<HTMLAudioElement>('#audio-player-id');
    await waitFor(() => expect(audio?.getAttribute('src')).toContain('/recordings/broadcast/501.mp3'));
    if (!audio) throw new Error('no audio element');
    Object.defineProperty(audio, 'readyState', { value: HTMLMediaElement.HAVE_METADATA, configurable: true });
    Object.defineProperty(audio, 'duration', { value: 10800, configurable: true });
    Object.defineProperty(audio, 'currentTime', { value: 3605, writable: true, configurable: true });
    audio.dispatchEvent(new Event('timeupdate'));
    expect(audio.currentTime).toBe(7200);
    // Outside the gap, playback goes on where it is.
    audio.currentTime = 7300;
    audio.dispatchEvent(new Event('timeupdate'));
    expect(audio.currentTime).toBe(7300);
  });

  it('says so when there is no recording, and offers no track buttons', async () => {
    renderApp(withData({ recording: { available: false, durationSeconds: null, gaps: [] } }), path);
    expect(await screen.findByText(/geen opname beschikbaar/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Speel vanaf/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Luister de uitzending' })).toBeNull();
  });

  it('says so when no tracks were played', async () => {
    renderApp(withData({ tracks: [] }), path);
    expect(await screen.findByText('In deze uitzending zijn geen nummers gedraaid.')).toBeInTheDocument();
  });
});
