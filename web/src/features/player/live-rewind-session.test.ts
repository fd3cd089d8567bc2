import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AudioEngine, EngineSource } from './audio-engine';
import type { RewindWindow } from './live-rewind';
import { RewindSession, type RewindHost, type RewindPlace } from './live-rewind-session';
import type { Track } from './live-state';
import { initialPlayerState, type PlayerAction, type PlayerState } from './player-state';

const fetchRewindWindow = vi.fn<() => Promise<RewindWindow | null>>();
vi.mock('./live-rewind-api', () => ({ fetchRewindWindow: () => fetchRewindWindow() }));
// The info document of a place: held back, to see what is shown before it arrives.
vi.mock('./player-api', () => ({ fetchMiniplayerInfo: () => new Promise(() => undefined) }));

const HOUR = 3_600_000;
const H16 = Date.UTC(2026, 10, 26, 16);
const NOW = H16 + 40 * 60_000;

function rewindWindow(): RewindWindow {
  return {
    channel: 'radio2',
    fromMs: H16 - HOUR,
    untilMs: NOW - 3000,
    hours: [
      { fromMs: H16 - HOUR, untilMs: H16, url: 'https://s/hour/15.m3u8' },
      { fromMs: H16, untilMs: NOW - 3000, url: 'https://s/hour/16.m3u8' },
    ],
    programmes: [
      {
        fromMs: H16 - HOUR,
        untilMs: H16,
        startsAtMs: H16 - 2 * HOUR,
        endsAtMs: H16,
        name: 'Middag',
        url: 'p1',
      },
      { fromMs: H16, untilMs: NOW - 3000, startsAtMs: H16, endsAtMs: H16 + HOUR, name: 'Spits', url: 'p2' },
    ],
    fromMoves: true,
    fetchedAt: NOW,
  };
}

function setUp(change: Partial<PlayerState> = {}) {
  const loads: EngineSource[] = [];
  const engine = {
    unload: vi.fn(),
    load: vi.fn((source: EngineSource) => {
      loads.push(source);
      return Promise.resolve();
    }),
  } as unknown as AudioEngine;
  const actions: PlayerAction[] = [];
  const state: PlayerState = { ...initialPlayerState('music'), isLiveMode: true, ...change };
  const playLiveStream = vi.fn(() => Promise.resolve());
  const host: RewindHost = {
    engine: () => engine,
    dispatch: (action) => actions.push(action),
    state: () => state,
    channel: () => 'radio2',
    hiddenCount: () => 0,
    title: () => 'Radio 2',
    playLiveStream,
    reportQuietly: () => undefined,
  };
  const place: RewindPlace = { window: null, source: null, instant: null };
  return { session: new RewindSession(host, place), loads, actions, place, playLiveStream };
}

// A song of the radio2 list, from and until in Amsterdam time as the info document has them.
const track = (name: string, from: string, until: string): Track => ({
  chartEditionPositions: [],
  coverUrl: null,
  imageUrl: '',
  from,
  until,
  time: from.slice(11, 16),
  id: null,
  isAvailable: true,
  slug: null,
  radioTracksItem: { id: null, slug: null },
  url: '#',
  artist: 'Iemand',
  isSong: true,
  name,
});

const behind = (actions: PlayerAction[]) =>
  actions
    .filter((a) => a.type === 'setPlayerState')
    .map((a) => a.type === 'setPlayerState' && a.state.isBehindLive);

describe('RewindSession', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    fetchRewindWindow.mockReset();
    fetchRewindWindow.mockResolvedValue(rewindWindow());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plays a moment behind live from the hour playlist holding it, started at that instant', async () => {
    const { session, loads, actions, place } = setUp();
    await session.playAt(H16 - 10 * 60_000);
    expect(loads).toEqual([
      {
        url: 'https://s/hour/15.m3u8',
        title: 'Radio 2',
        startInstant: H16 - 10 * 60_000,
        fromMs: H16 - HOUR,
      },
    ]);
    expect(behind(actions)).toEqual([true]);
    expect(place.instant).toBe(H16 - 10 * 60_000);
  });

  it('plays the live stream for a moment at the edge, and without a window', async () => {
    const { session, loads, actions, playLiveStream } = setUp();
    await session.playAt(NOW - 5000);
    expect(loads).toEqual([]);
    expect(playLiveStream).toHaveBeenCalledTimes(1);
    expect(behind(actions)).toEqual([false]);
    fetchRewindWindow.mockResolvedValue(null);
    vi.setSystemTime(NOW + 2 * 60_000);
    await session.playAt(H16);
    expect(playLiveStream).toHaveBeenCalledTimes(2);
  });

  it('goes on with the next hour when one ends', async () => {
    const { session, loads } = setUp();
    await session.playAt(H16 - 60_000);
    await session.playNextHour();
    expect(loads.map((l) => [l.url, l.startInstant])).toEqual([
      ['https://s/hour/15.m3u8', H16 - 60_000],
      ['https://s/hour/16.m3u8', H16],
    ]);
  });

  it("'Terug naar het begin' plays the programme at the position from its start, within the window", async () => {
    const { session, loads } = setUp();
    expect(await session.playProgrammeFrom(H16 + 5 * 60_000)).toBe(true);
    expect(loads.at(-1)?.startInstant).toBe(H16);
    // A programme that began before the window starts where the window does.
    await session.playProgrammeFrom(H16 - 30 * 60_000);
    expect(loads.at(-1)?.startInstant).toBe(H16 - HOUR + 1000);
    fetchRewindWindow.mockResolvedValue(null);
    vi.setSystemTime(NOW + 2 * 60_000);
    expect(await session.playProgrammeFrom(H16)).toBe(false);
  });

  it('after a seek back, stops showing the later song before the document of the new place arrives', () => {
    // 17:36 to 17:40 Amsterdam the later song, 17:33 to 17:36 the earlier one.
    const later = track('Later', '2026-11-26 17:36:00', '2026-11-26 17:40:00');
    const earlier = track('Eerder', '2026-11-26 17:33:00', '2026-11-26 17:36:00');
    const { session, actions } = setUp({ isBehindLive: true, track: later, tracks: [later, earlier] });
    const stop = session.followPosition('radio2', () => H16 + 35 * 60_000);
    const shown = actions.filter((a) => a.type === 'listenToLive');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.type === 'listenToLive' && shown[0].live.track?.name).toBe('Eerder');
    stop();
  });

  it('keeps the song shown while playing on past its end, until the next place names the next song', () => {
    // 17:33 to 17:36 Amsterdam the song shown; the listener, playing on, is at 17:37.
    const song = track('Eerder', '2026-11-26 17:33:00', '2026-11-26 17:36:00');
    const { session, actions } = setUp({ isBehindLive: true, track: song, tracks: [song] });
    const stop = session.followPosition('radio2', () => H16 + 37 * 60_000);
    expect(actions.filter((a) => a.type === 'listenToLive')).toEqual([]);
    stop();
  });
});
