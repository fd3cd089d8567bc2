import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useContext } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { dropPending, setErrorReporter } from '../../lib/error-reporting';
import { SiteProvider } from '../../lib/site-context';
import { site } from '../../test/fixtures';
import {
  brokenInfo,
  apiTime,
  infoFor,
  fakeMedia,
  playerServer,
  testFragment as fragment,
  type PlayerServer,
} from '../../test/player-server';
import type { LiveFeed } from './live-feed';
import { fakeBus } from '../../test/fake-broadcast';
import { joinPlaybackHandoff, PLAYING_MARK_KEY, type PlayingNow } from './playback-handoff';
import { LIVE_POLL_MS, PlayerProvider } from './player-context';
import { usePlayer, type PlayerContextValue } from './use-player';
import { CHANNEL_KEY, rememberedChannel } from './remembered-channel';
import { playerReading, type Playable } from './player-state';
import { LiveFeedContext } from './use-live-state';

// The player provider of spec §4 against a stand-in server and media element: loading a channel,
// autoplay, the commands ignored while loading, the reading that follows the active channel, and
// 'Luister live'.

let player: PlayerContextValue;
let feed: LiveFeed | null = null;

function Probe() {
  player = usePlayer();
  feed = useContext(LiveFeedContext);
  return null;
}

let server: PlayerServer;
let media: ReturnType<typeof fakeMedia>;

function renderProvider({
  initialChannel,
  autoplay,
}: { initialChannel?: string; autoplay?: boolean | 'take-over' } = {}) {
  return render(
    <SiteProvider site={site}>
      <PlayerProvider
        site={site}
        {...(initialChannel ? { initialChannel } : {})}
        {...(autoplay === undefined ? {} : { autoplay })}
      >
        <Probe />
      </PlayerProvider>
    </SiteProvider>,
  );
}

const state = () => player.state;
/** A path as the engine loads it: from the page's origin, the default domain (spec §7). */
const here = (path: string) => new URL(path, window.location.origin).href;
const loaded = () => waitFor(() => expect(state().isLoadingPlayer).toBe(false));

beforeEach(() => {
  // Reports an earlier test made without a reporter would reach this test's reporter.
  dropPending();
  server = playerServer(site);
  vi.stubGlobal('fetch', server.fetch);
  media = fakeMedia({ play: 'allow' });
});

afterEach(() => {
  setErrorReporter(null);
  media.restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loading a channel (spec §4)', () => {
  it('sets loading, fetches the info and the token URL in parallel, then plays with autoplay', async () => {
    server.hold('radio2');
    renderProvider();
    // 1. Loading; 2. both calls are out while the info has not answered yet.
    expect(state().isLoadingPlayer).toBe(true);
    await waitFor(() =>
      expect(server.calls).toEqual(
        expect.arrayContaining(['/api/miniplayer/info?channel=radio2', '/api/player/radio2']),
      ),
    );
    expect(state().isLoadingPlayer).toBe(true);
    expect(media.calls.play).toBe(0);
    act(() => server.release('radio2'));
    // 3. The first load plays, where the browser allows it (issue 30: it never autoplayed).
    await waitFor(() => expect(state().isPlaying).toBe(true));
    expect(server.calls).toContain('/api/play/live/radio2');
    expect(media.calls.sources).toEqual([here('/live/radio2.mp3?token=tok')]);
    // 5. Loading is cleared at the end.
    await loaded();
    expect(state().channel).toEqual({ id: 'radio2', name: 'Ether Radio 2' });
  });

  it("marks the first load's start as an autoplay, so a video the listener starts meanwhile stops it; a channel the listener picks is not marked", async () => {
    media.setPolicy('hang');
    renderProvider();
    await waitFor(() => expect(media.calls.play).toBe(1));
    const audio = document.getElementById('audio-player-id');
    expect(audio).toHaveAttribute('data-autoplay');
    media.setPolicy('allow');
    cleanup();
    renderProvider();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    await loaded();
    expect(document.getElementById('audio-player-id')).not.toHaveAttribute('data-autoplay');
    media.setPolicy('hang');
    act(() => player.commands.changeChannel('radio1'));
    await waitFor(() => expect(media.calls.play).toBeGreaterThan(2));
    expect(document.getElementById('audio-player-id')).not.toHaveAttribute('data-autoplay');
  });

  it('where the browser refuses autoplay, it is paused and ready, without an error', async () => {
    media.setPolicy('refuse');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProvider();
    await waitFor(() => expect(media.calls.play).toBe(1));
    await loaded();
    expect(state()).toMatchObject({ isPlaying: false, isPlayerUnavailable: false });
    expect(state().lastPlayerApiError).toBeUndefined();
    expect(logged.mock.calls.flat().map(String).join(' ')).not.toMatch(/NotAllowed|gesture/);
    // The listener's own click plays.
    media.setPolicy('allow');
    act(() => player.commands.togglePlaying());
    await waitFor(() => expect(state().isPlaying).toBe(true));
  });

  it('does not play where the player starts hidden', async () => {
    renderProvider({ autoplay: false });
    await loaded();
    expect(server.calls).toContain('/api/player/radio2');
    expect(server.calls.some((call) => call.startsWith('/api/play/'))).toBe(false);
    expect(media.calls.play).toBe(0);
    expect(state().isPlaying).toBe(false);
  });

  /** A video of the page that plays, while `during` runs; then the radio must not have started. */
  async function withPlayingVideo(during: () => Promise<void>) {
    const video = document.createElement('video');
    Object.defineProperty(video, 'paused', { value: false, configurable: true });
    document.body.append(video);
    try {
      await during();
      expect(media.calls.play).toBe(0);
      expect(state().isPlaying).toBe(false);
    } finally {
      video.remove();
    }
  }

  it('does not start over a video the listener started during the first load', async () => {
    await withPlayingVideo(async () => {
      renderProvider();
      await loaded();
    });
  });

  it('does not start over a video the listener started while the play API answered', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    let asked = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      if (String(input).includes('/api/play/live/')) {
        asked = true;
        await held;
      }
      return server.fetch(input);
    });
    renderProvider();
    await waitFor(() => expect(asked).toBe(true));
    await withPlayingVideo(async () => {
      release();
      await loaded();
    });
  });

  it('does not start over another window of the site that plays (a link opened in a new tab)', async () => {
    localStorage.setItem(PLAYING_MARK_KEY, JSON.stringify({ from: 'another-tab', at: Date.now() }));
    try {
      renderProvider();
      await loaded();
      expect(media.calls.play).toBe(0);
      expect(state().isPlaying).toBe(false);
    } finally {
      localStorage.removeItem(PLAYING_MARK_KEY);
    }
  });

  it('the pop-out takes over from the window that plays: it autoplays all the same', async () => {
    localStorage.setItem(PLAYING_MARK_KEY, JSON.stringify({ from: 'the-main-window', at: Date.now() }));
    try {
      renderProvider({ autoplay: 'take-over' });
      await waitFor(() => expect(state().isPlaying).toBe(true));
    } finally {
      localStorage.removeItem(PLAYING_MARK_KEY);
    }
  });

  it('the pop-out takes over an on-demand item: the same item from the same position, and the other window stops (issue 39 #11)', async () => {
    const bus = fakeBus();
    vi.stubGlobal('BroadcastChannel', bus.BroadcastChannel);
    // The main window plays the fragment, 42 s in, after live (which comes back after it).
    const mainStops = vi.fn();
    const playing: PlayingNow = {
      kind: 'on-demand',
      playable: fragment,
      position: 42,
      at: Date.now(),
      liveAfter: true,
    };
    const main = joinPlaybackHandoff(mainStops, bus.open, localStorage, () => playing);
    main.markPlaying(true);
    try {
      renderProvider({ autoplay: 'take-over' });
      await waitFor(() => expect(state().isPlaying).toBe(true));
      expect(state()).toMatchObject({ isLiveMode: false, isLiveRequestedAfterPlayable: true });
      expect(state().playable?.id).toBe('fragment-1');
      expect(state().seekPosition).toBeGreaterThanOrEqual(42);
      expect(state().seekPosition).toBeLessThan(45);
      expect(media.calls.sources).toEqual([here('/media/fragments/1.mp3')]);
      expect(server.calls).not.toContain('/api/play/live/radio2');
      // It sounds in the pop-out: the main window is told to stop.
      expect(mainStops).toHaveBeenCalledTimes(1);
    } finally {
      main.close();
    }
  });

  it('the pop-out plays its channel live when the other window plays live, and answers what it plays', async () => {
    const bus = fakeBus();
    vi.stubGlobal('BroadcastChannel', bus.BroadcastChannel);
    const main = joinPlaybackHandoff(vi.fn(), bus.open, localStorage, () => ({
      kind: 'live',
      channel: 'radio2',
    }));
    main.markPlaying(true);
    try {
      renderProvider({ autoplay: 'take-over' });
      await waitFor(() => expect(state().isPlaying).toBe(true));
      expect(state().isLiveMode).toBe(true);
      expect(media.calls.sources).toEqual([here('/live/radio2.mp3?token=tok')]);
      // Asked in turn, the pop-out says it plays live; after a fragment, the fragment and where.
      await expect(main.askPlaying(1_000)).resolves.toEqual({ kind: 'live', channel: 'radio2' });
      await loaded();
      act(() => player.commands.playPlayable(fragment, 12));
      await waitFor(() => expect(state().playable?.id).toBe('fragment-1'));
      await waitFor(() => expect(media.calls.sources.at(-1)).toBe(here('/media/fragments/1.mp3')));
      await waitFor(() => expect(state().isPlaying).toBe(true));
      await expect(main.askPlaying(1_000)).resolves.toMatchObject({
        kind: 'on-demand',
        playable: { id: 'fragment-1' },
        liveAfter: true,
      });
    } finally {
      main.close();
    }
  });

  it('marks the player unavailable when the info cannot be fetched, and clears loading', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    renderProvider();
    await loaded();
    expect(state().isPlayerUnavailable).toBe(true);
    expect(media.calls.play).toBe(0);
    // spec §8: info errors are logged unless they are network or HTTP errors.
    expect(logged).not.toHaveBeenCalled();
  });

  it('does not log a network failure of the info either (spec §8)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderProvider();
    await loaded();
    expect(state().isPlayerUnavailable).toBe(true);
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('togglePlaying (spec §4)', () => {
  it('sets loading first, then plays; a second toggle while it loads is ignored', async () => {
    media.setPolicy('refuse');
    renderProvider();
    await loaded();
    media.setPolicy('hang');
    act(() => player.commands.togglePlaying());
    expect(state().isLoadingPlayer).toBe(true);
    await waitFor(() => expect(media.calls.play).toBe(2));
    act(() => player.commands.togglePlaying());
    expect(state().isLoadingPlayer).toBe(true);
    expect(server.calls.filter((call) => call === '/api/play/live/radio2')).toHaveLength(2);
  });

  it('an on-demand item that cannot be fetched leaves the player usable, not loading', async () => {
    renderProvider();
    await loaded();
    const missing: Playable = {
      ...fragment,
      id: 'gone',
      player: { tokenUrl: '/api/play/gone', parameters: [] },
    };
    act(() => player.commands.playPlayable(missing));
    await waitFor(() => expect(state().lastPlayerApiError).toBeDefined());
    act(() => player.commands.togglePlaying());
    expect(state().isLoadingPlayer).toBe(true);
    await loaded();
    expect(state().isPlaying).toBe(false);
    act(() => player.commands.setVolume(0.4));
    expect(state().playerVolume).toBe(0.4);
  });

  it('stops live playback', async () => {
    renderProvider();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    await loaded();
    act(() => player.commands.togglePlaying());
    expect(state()).toMatchObject({ isPlaying: false, isLoadingPlayer: false });
  });
});

describe('every command is ignored while the player loads (spec §4)', () => {
  beforeEach(() => {
    server.hold('radio2');
  });

  // Each command, and what it does once the player has loaded (radio2, playing by autoplay): a
  // command that does nothing then either (starting what plays already) is run after a stop.
  const commands: [string, () => void, () => void, boolean?][] = [
    ['setVolume', () => player.commands.setVolume(0.3), () => expect(state().playerVolume).toBe(0.3)],
    ['toggleMute', () => player.commands.toggleMute(), () => expect(state().isPlayerMuted).toBe(true)],
    [
      'playPlayable',
      () => player.commands.playPlayable(fragment),
      () => expect(state()).toMatchObject({ isLiveMode: false, playable: { id: fragment.id } }),
    ],
    [
      'playLatestNews',
      () => player.commands.playLatestNews(),
      () => expect(server.calls).toContain('/api/latestNews'),
    ],
    [
      'changeChannel',
      () => player.commands.changeChannel('radio1'),
      () => expect(state().channel?.id).toBe('radio1'),
    ],
    ['listenLive', () => player.commands.listenLive(), () => expect(state().isPlaying).toBe(true), true],
    ['togglePlaying', () => player.commands.togglePlaying(), () => expect(state().isPlaying).toBe(false)],
    ['startPlaying', () => player.commands.startPlaying(), () => expect(state().isPlaying).toBe(true), true],
    ['stopPlaying', () => player.commands.stopPlaying(), () => expect(state().isPlaying).toBe(false)],
  ];
  it.each(commands)('%s', async (_name, command, done, afterStop) => {
    renderProvider();
    await waitFor(() => expect(server.calls).toContain('/api/player/radio2'));
    const before = state();
    const callsBefore = [...server.calls];
    act(() => command());
    await act(async () => {
      await Promise.resolve();
    });
    expect(state()).toBe(before);
    expect(server.calls).toEqual(callsBefore);
    expect(media.calls.play).toBe(0);
    // Once loaded, the same command runs.
    act(() => server.release('radio2'));
    await loaded();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    if (afterStop) {
      act(() => player.commands.stopPlaying());
      await waitFor(() => expect(state().isPlaying).toBe(false));
    }
    act(() => command());
    await waitFor(done);
  });

  it.each([
    ['seekTo', (position: number) => player.commands.seekTo(position)],
    ['positionSeek', (position: number) => player.commands.positionSeek(position)],
  ])('%s, on demand while play is starting', async (_name, seek) => {
    server.release('radio2');
    renderProvider();
    await loaded();
    act(() => player.commands.playPlayable(fragment));
    await waitFor(() => expect(state().isPlaying).toBe(true));
    // A seek that is not loading goes through.
    act(() => seek(12));
    expect(state().seekPosition).toBe(12);
    act(() => player.commands.togglePlaying());
    await waitFor(() => expect(state()).toMatchObject({ isPlaying: false, isLoadingPlayer: false }));
    media.setPolicy('hang');
    act(() => player.commands.togglePlaying());
    expect(state().isLoadingPlayer).toBe(true);
    act(() => seek(30));
    expect(state().seekPosition).toBe(12);
  });
});

describe('the reading follows the active channel (spec §4 Reading A/B)', () => {
  it('switches between B and A with the channel', async () => {
    renderProvider();
    await loaded();
    expect(state()).toMatchObject(playerReading('music'));
    act(() => player.commands.changeChannel('radio1'));
    expect(state()).toMatchObject(playerReading('talk'));
    await loaded();
    expect(state()).toMatchObject({
      ...playerReading('talk'),
      channel: { id: 'radio1', name: 'Ether Radio 1' },
    });
    expect(state().isVisualRadioAvailable).toBe(true);
    act(() => player.commands.changeChannel('radio2'));
    await loaded();
    expect(state()).toMatchObject({
      ...playerReading('music'),
      channel: { id: 'radio2', name: 'Ether Radio 2' },
    });
  });

  it('remembers the live channel the listener chose, for the next load (issue 51, trip 5)', async () => {
    localStorage.removeItem(CHANNEL_KEY);
    renderProvider();
    await loaded();
    expect(rememberedChannel(site)).toBe('radio2');
    act(() => player.commands.changeChannel('radio1'));
    await loaded();
    expect(rememberedChannel(site)).toBe('radio1');
    localStorage.removeItem(CHANNEL_KEY);
  });

  it('starts in the reading of the channel it starts on (a pop-out of a talk channel: A)', async () => {
    renderProvider({ initialChannel: 'radio1' });
    expect(state()).toMatchObject(playerReading('talk'));
    await loaded();
    expect(state()).toMatchObject(playerReading('talk'));
  });

  it('onError resets to the reading of the active channel, on a load and on a later document', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.breakInfo('radio1');
    renderProvider();
    await loaded();
    act(() => player.commands.changeChannel('radio1'));
    await loaded();
    expect(logged).toHaveBeenCalled();
    expect(state()).toMatchObject({ ...playerReading('talk'), isLiveMode: true, isLoadingPlayer: false });
    expect(state().channel).toBeUndefined();

    // A document of the poll or the events that cannot be built: the same reset, and the player is
    // not left loading (its commands would all be ignored).
    act(() => player.commands.changeChannel('radio2'));
    await loaded();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    act(() => feed?.publish('radio2', brokenInfo(site, 'radio2')));
    expect(state()).toMatchObject({ ...playerReading('music'), isLoadingPlayer: false, isPlaying: true });
    act(() => player.commands.setVolume(0.5));
    expect(state().playerVolume).toBe(0.5);
  });
});

describe('after the last item', () => {
  it('plays live again when live played before it (issue 39: silence after the news)', async () => {
    renderProvider();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    await loaded();
    act(() => player.commands.playPlayable(fragment));
    await waitFor(() => expect(state().isPlaying).toBe(true));
    const liveLoads = server.calls.filter((call) => call === '/api/play/live/radio2').length;
    act(() => {
      document.getElementById('audio-player-id')?.dispatchEvent(new Event('ended'));
    });
    await waitFor(() => expect(state().isLiveMode).toBe(true));
    await waitFor(() => expect(state().isPlaying).toBe(true));
    expect(server.calls.filter((call) => call === '/api/play/live/radio2').length).toBe(liveLoads + 1);
    expect(media.calls.sources.at(-1)).toBe(here('/live/radio2.mp3?token=tok'));
    expect(state()).toMatchObject({ isLiveRequestedAfterPlayable: false, playable: undefined });
  });

  it('stays silent when the listener was not listening live before it', async () => {
    renderProvider({ autoplay: false });
    await loaded();
    act(() => player.commands.playPlayable(fragment));
    await waitFor(() => expect(state().isPlaying).toBe(true));
    expect(state().isLiveRequestedAfterPlayable).toBe(false);
    act(() => {
      document.getElementById('audio-player-id')?.dispatchEvent(new Event('ended'));
    });
    await waitFor(() => expect(state().isPlaying).toBe(false));
    expect(state().isLiveMode).toBe(false);
  });

  it('a song held back until it is heard does not bring live back over the item the listener chose meanwhile', async () => {
    renderProvider();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    await loaded();
    // The browser holds 10 s of the stream: a song that started 8 s ago is heard in about 2 s.
    const audio = document.getElementById('audio-player-id');
    Object.defineProperty(audio, 'buffered', {
      configurable: true,
      value: { length: 1, start: () => 0, end: () => 10 },
    });
    const info = infoFor(site, 'radio2');
    const song = info.data.radioTrackPlays.data[0];
    if (!song) throw new Error('the fixture has a song');
    song.from = apiTime(-8_000);
    act(() => feed?.publish('radio2', info));
    act(() => player.commands.playPlayable(fragment));
    await waitFor(() => expect(state().isPlaying).toBe(true));
    expect(state().isLiveRequestedAfterPlayable).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 3_000)));
    expect(state()).toMatchObject({
      isLiveMode: false,
      playable: fragment,
      isLiveRequestedAfterPlayable: true,
    });
  });
});

describe("'Luister live' (spec §4)", () => {
  it('loads the parent channel from a sub-channel and plays it', async () => {
    renderProvider({ initialChannel: 'soulenjazz' });
    await loaded();
    expect(state().channel?.id).toBe('soulenjazz');
    act(() => player.commands.playPlayable(fragment));
    await waitFor(() => expect(state().isPlaying).toBe(true));
    act(() => player.commands.listenLive());
    await loaded();
    expect(server.calls).toContain('/api/miniplayer/info?channel=radio2');
    expect(server.calls).toContain('/api/player/radio2');
    await waitFor(() => expect(media.calls.sources.at(-1)).toBe(here('/live/radio2.mp3?token=tok')));
    expect(state()).toMatchObject({ isLiveMode: true, channel: { id: 'radio2', name: 'Ether Radio 2' } });
    expect(state().playable).toBeUndefined();
  });

  it('clears isLiveRequestedAfterPlayable and plays live again (shouldStartPlaying)', async () => {
    renderProvider();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    await loaded();
    // Live played when the fragment started: live is what the listener goes back to.
    act(() => player.commands.playPlayable(fragment));
    expect(state().isLiveRequestedAfterPlayable).toBe(true);
    await waitFor(() => expect(state().isPlaying).toBe(true));
    act(() => player.commands.listenLive());
    await loaded();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    expect(state()).toMatchObject({
      isLiveMode: true,
      isLiveRequestedAfterPlayable: false,
      isPlaybackEnded: false,
    });
    expect(media.calls.sources.at(-1)).toBe(here('/live/radio2.mp3?token=tok'));
  });
});

describe("'Laatste journaal' (spec §4 Playing)", () => {
  it('plays the bulletin again while its URL is valid, and fetches it anew once it expired', async () => {
    renderProvider();
    await loaded();
    const news = () => server.calls.filter((call) => call === '/api/latestNews').length;
    act(() => player.commands.playLatestNews());
    await waitFor(() => expect(state().playable?.isLatestNews).toBe(true));
    await waitFor(() => expect(state().isPlaying).toBe(true));
    expect(state().playable).toMatchObject({ id: 'latest_news_from_player', type: 'fragment' });
    act(() => player.commands.playLatestNews());
    await waitFor(() => expect(media.calls.sources.filter((s) => s.includes('/bulletins/'))).toHaveLength(2));
    expect(news()).toBe(1);
    // An hour later its expires has passed.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 2 * 3600_000);
    act(() => player.commands.playLatestNews());
    await waitFor(() => expect(news()).toBe(2));
  });
});

describe('a bulletin that cannot be fetched (spec §8)', () => {
  it('is reported, and nothing plays', async () => {
    const reports: unknown[] = [];
    setErrorReporter((error) => reports.push(error));
    vi.stubGlobal('fetch', (input: RequestInfo | URL) =>
      String(input).endsWith('/api/latestNews')
        ? Promise.resolve(new Response('{"error":{"code":"x","message":"weg"}}', { status: 503 }))
        : server.fetch(input),
    );
    renderProvider({ autoplay: false });
    await loaded();
    act(() => player.commands.playLatestNews());
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(media.calls.play).toBe(0);
    expect(state().playable).toBeUndefined();
    setErrorReporter(null);
  });
});

describe('stream loading (spec §7)', () => {
  it("passes an item's play API answer with its parameters: the progressive file, with prid = mid", async () => {
    const reports: { error: unknown; context?: Record<string, unknown> }[] = [];
    setErrorReporter((error, context) => reports.push({ error, ...(context ? { context } : {}) }));
    renderProvider();
    await loaded();
    act(() => player.commands.playPlayable(fragment));
    await waitFor(() => expect(state().isPlaying).toBe(true));
    // The play API is asked even though the item has a progressive URL.
    expect(server.calls).toContain('/api/play/fragment/1');
    expect(media.calls.sources.at(-1)).toBe(here('/media/fragments/1.mp3'));
    // A file that does not play is reported under its prid.
    const audio = document.getElementById('audio-player-id') as HTMLAudioElement;
    vi.stubGlobal('MediaError', { MEDIA_ERR_ABORTED: 1 }); // jsdom has none
    Object.defineProperty(audio, 'error', {
      configurable: true,
      value: { code: 4, message: 'no supported source' },
    });
    act(() => {
      audio.dispatchEvent(new Event('error'));
    });
    expect(reports.at(-1)?.context).toEqual({ url: here('/media/fragments/1.mp3'), prid: 'fragment-1' });
    setErrorReporter(null);
  });

  it("passes the item's poster and title as source configuration", async () => {
    renderProvider();
    await loaded();
    const withPoster: Playable = {
      ...fragment,
      player: {
        ...fragment.player,
        parameters: [
          ...fragment.player.parameters,
          { name: 'poster', value: '/media/images/fragments/1.webp' },
        ],
      },
    };
    act(() => player.commands.playPlayable(withPoster));
    await waitFor(() => expect(state().isPlaying).toBe(true));
    expect(player.engine?.currentSource).toMatchObject({
      url: here('/media/fragments/1.mp3'),
      title: 'Een fragment',
      poster: '/media/images/fragments/1.webp',
    });
  });

  it('loads from the environment domain of the play API', async () => {
    server.setEnvironmentDomain('https://stream.example');
    renderProvider();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    expect(media.calls.sources.at(-1)).toBe('https://stream.example/live/radio2.mp3?token=tok');
    act(() => player.commands.playPlayable(fragment));
    await waitFor(() =>
      expect(media.calls.sources.at(-1)).toBe('https://stream.example/media/fragments/1.mp3'),
    );
  });

  it('reports a play API that fails, and plays nothing (spec §8)', async () => {
    const reports: unknown[] = [];
    setErrorReporter((error) => reports.push(error));
    renderProvider();
    await loaded();
    const played = media.calls.play;
    act(() =>
      player.commands.playPlayable({ ...fragment, player: { ...fragment.player, tokenUrl: '/api/play/x' } }),
    );
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(media.calls.play).toBe(played);
    expect(state().isLoadingPlayer).toBe(false);
    setErrorReporter(null);
  });
});

describe('the player audio token (spec §7)', () => {
  it('is the tokenUrl of GET /api/player/{channelSlug}, and live playback plays from it', async () => {
    renderProvider();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    await loaded();
    expect(state().playerAudioToken).toBe('/api/play/live/radio2');
    act(() => player.commands.togglePlaying());
    await loaded();
    expect(state().isPlaying).toBe(false);
    const before = server.calls.length;
    act(() => player.commands.togglePlaying());
    await waitFor(() => expect(state().isPlaying).toBe(true));
    expect(server.calls.slice(before)).toEqual(['/api/play/live/radio2']);
  });
});

/** Runs the poll itself: the 20 000 ms intervals are caught, other intervals run as they are. */
function catchPolls() {
  const polls: (() => void)[] = [];
  const setIntervalReal = window.setInterval.bind(window);
  vi.spyOn(window, 'setInterval').mockImplementation(((callback: () => void, ms?: number) => {
    if (ms === LIVE_POLL_MS) polls.push(callback);
    return setIntervalReal(ms === LIVE_POLL_MS ? () => undefined : callback, ms);
  }) as typeof window.setInterval);
  const cleared = vi.spyOn(window, 'clearInterval');
  return { polls, cleared };
}

describe('polling the live info (spec §4, §9)', () => {
  it('after an onError reset the stream plays on and the next poll loads its channel again (the bar, the dropdown, Gedraaid)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { polls } = catchPolls();
    renderProvider();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    await loaded();
    act(() => feed?.publish('radio2', brokenInfo(site, 'radio2')));
    // spec §4 onError: the reset is right; the stream plays on.
    expect(state().channel?.id || undefined).toBeUndefined();
    expect(state().show).toBeUndefined();
    expect(state().isChannelPickerPresent).toBe(false);
    expect(state().isPlaying).toBe(true);
    const asked = () => server.calls.filter((call) => call === '/api/miniplayer/info?channel=radio2').length;
    const before = asked();
    act(() => {
      for (const poll of polls) poll();
    });
    await waitFor(() => expect(asked()).toBe(before + 1));
    await waitFor(() => expect(state().channel).toEqual({ id: 'radio2', name: 'Ether Radio 2' }));
    expect(state().show).toBeDefined();
    expect(state().isChannelPickerPresent).toBe(true);
    expect(state().isPlaying).toBe(true);
  });

  it('asks the live channel its info every 20 000 ms, and stops on demand', async () => {
    const { polls, cleared } = catchPolls();
    renderProvider();
    await waitFor(() => expect(state().isPlaying).toBe(true));
    const poll = polls[0];
    expect(LIVE_POLL_MS).toBe(20_000);
    expect(poll).toBeDefined();
    const asked = () => server.calls.filter((call) => call === '/api/miniplayer/info?channel=radio2').length;
    const before = asked();
    act(() => poll?.());
    await waitFor(() => expect(asked()).toBe(before + 1));
    // On demand there is no live channel to follow: the poll ends.
    act(() => player.commands.playPlayable(fragment));
    await waitFor(() => expect(state().isLiveMode).toBe(false));
    expect(cleared).toHaveBeenCalled();
  });
});
