import { describe, expect, it, vi } from 'vitest';
import { fakeBus } from '../../test/fake-broadcast';
import {
  HANDOFF_CHANNEL_NAME,
  joinPlaybackHandoff,
  PLAYING_MARK_KEY,
  type PlayingNow,
} from './playback-handoff';
import { testFragment as fragment } from '../../test/player-server';

describe('the playback hand-off between windows', () => {
  it('stops the other window when one starts, in both directions, on the site channel', () => {
    const bus = fakeBus();
    const mainStops = vi.fn();
    const popoutStops = vi.fn();
    const main = joinPlaybackHandoff(mainStops, bus.open);
    const popout = joinPlaybackHandoff(popoutStops, bus.open);
    expect([...bus.channels].map((c) => c.name)).toEqual([HANDOFF_CHANNEL_NAME, HANDOFF_CHANNEL_NAME]);

    popout.announceStarted();
    expect(mainStops).toHaveBeenCalledTimes(1);
    expect(popoutStops).not.toHaveBeenCalled();

    main.announceStarted();
    expect(popoutStops).toHaveBeenCalledTimes(1);
    expect(mainStops).toHaveBeenCalledTimes(1);
  });

  it('ignores its own messages and messages of another shape', () => {
    const bus = fakeBus();
    const stops = vi.fn();
    const handoff = joinPlaybackHandoff(stops, (name) => {
      const channel = bus.open(name);
      // A channel that echoes to its sender too.
      channel.postMessage = (message: unknown) => channel.deliver(message);
      return channel;
    });
    handoff.announceStarted();
    expect(stops).not.toHaveBeenCalled();
    const [channel] = [...bus.channels];
    channel?.deliver({ type: 'started' });
    channel?.deliver('started');
    channel?.deliver({ type: 'stopped', from: 'x' });
    expect(stops).not.toHaveBeenCalled();
    channel?.deliver({ type: 'started', from: 'another-window' });
    expect(stops).toHaveBeenCalledTimes(1);
  });

  it('stops listening once closed, and works without BroadcastChannel', () => {
    const bus = fakeBus();
    const stops = vi.fn();
    const left = joinPlaybackHandoff(stops, bus.open);
    const other = joinPlaybackHandoff(vi.fn(), bus.open);
    left.close();
    other.announceStarted();
    expect(stops).not.toHaveBeenCalled();

    const none = joinPlaybackHandoff(stops, () => null);
    expect(() => none.announceStarted()).not.toThrow();
    none.close();
  });
});

describe('the playing mark that keeps a new window from autoplaying over another', () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      items,
    };
  }

  it('tells another window that one plays, for 5 s after its last renewal, but not the window itself', () => {
    const storage = memoryStorage();
    const bus = fakeBus();
    const playing = joinPlaybackHandoff(vi.fn(), bus.open, storage);
    const opened = joinPlaybackHandoff(vi.fn(), bus.open, storage);
    expect(opened.anotherWindowPlaying(1_000)).toBe(false);
    playing.markPlaying(true, 1_000);
    expect(storage.items.has(PLAYING_MARK_KEY)).toBe(true);
    expect(opened.anotherWindowPlaying(1_500)).toBe(true);
    expect(playing.anotherWindowPlaying(1_500)).toBe(false);
    // Renewed at most every 2 s: a renewal at 2.5 s is skipped, one at 3.5 s counts.
    playing.markPlaying(true, 2_500);
    expect(opened.anotherWindowPlaying(6_500)).toBe(false);
    playing.markPlaying(true, 3_500);
    expect(opened.anotherWindowPlaying(8_000)).toBe(true);
    expect(opened.anotherWindowPlaying(8_500)).toBe(false);
  });

  it('is taken away when the window stops or closes, and only by the window that made it', () => {
    const storage = memoryStorage();
    const bus = fakeBus();
    const first = joinPlaybackHandoff(vi.fn(), bus.open, storage);
    const second = joinPlaybackHandoff(vi.fn(), bus.open, storage);
    const third = joinPlaybackHandoff(vi.fn(), bus.open, storage);
    first.markPlaying(true, 1_000);
    first.markPlaying(false, 1_100);
    expect(third.anotherWindowPlaying(1_200)).toBe(false);
    first.markPlaying(true, 2_000);
    second.markPlaying(true, 2_100);
    first.close();
    expect(third.anotherWindowPlaying(2_200)).toBe(true);
    second.close();
    expect(third.anotherWindowPlaying(2_300)).toBe(false);
  });

  it('reads a mark of another shape as none, and works without storage', () => {
    const storage = memoryStorage();
    const handoff = joinPlaybackHandoff(vi.fn(), fakeBus().open, storage);
    storage.setItem(PLAYING_MARK_KEY, '{"from":1}');
    expect(handoff.anotherWindowPlaying()).toBe(false);
    storage.setItem(PLAYING_MARK_KEY, 'niet json');
    expect(handoff.anotherWindowPlaying()).toBe(false);
    const bare = joinPlaybackHandoff(vi.fn(), fakeBus().open, null);
    bare.markPlaying(true);
    expect(bare.anotherWindowPlaying()).toBe(false);
  });
});

describe('asking what another window plays (the pop-out taking over, issue 39 #11)', () => {
  it('gets the answer of the window that plays, and only the asker gets it', async () => {
    const bus = fakeBus();
    const playing: PlayingNow = {
      kind: 'on-demand',
      playable: fragment,
      position: 42,
      at: 1_000,
      liveAfter: true,
    };
    const main = joinPlaybackHandoff(vi.fn(), bus.open, null, () => playing);
    const idle = joinPlaybackHandoff(vi.fn(), bus.open, null, () => null);
    const popout = joinPlaybackHandoff(vi.fn(), bus.open, null);
    const seen: unknown[] = [];
    const [, idleChannel] = [...bus.channels];
    idleChannel?.addEventListener('message', (event) => seen.push(event.data));
    await expect(popout.askPlaying(1_000)).resolves.toEqual(playing);
    // The answer is addressed to the pop-out: another window that sees it does nothing with it.
    expect(seen).toContainEqual(expect.objectContaining({ type: 'answer', playing }));
    main.close();
    idle.close();
  });

  it('is null when no window plays, after the wait, and at once without BroadcastChannel', async () => {
    vi.useFakeTimers();
    try {
      const bus = fakeBus();
      joinPlaybackHandoff(vi.fn(), bus.open, null, () => null);
      const popout = joinPlaybackHandoff(vi.fn(), bus.open, null);
      const answer = popout.askPlaying(400);
      await vi.advanceTimersByTimeAsync(400);
      await expect(answer).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
    await expect(joinPlaybackHandoff(vi.fn(), () => null, null).askPlaying(400)).resolves.toBeNull();
  });

  it('ignores answers of another shape, and a question of its own', async () => {
    vi.useFakeTimers();
    try {
      const bus = fakeBus();
      const answering = vi.fn(() => null);
      const popout = joinPlaybackHandoff(
        vi.fn(),
        (name) => {
          const channel = bus.open(name);
          // A channel that echoes to its sender too.
          channel.postMessage = (message: unknown) => channel.deliver(message);
          return channel;
        },
        null,
        answering,
      );
      const [channel] = [...bus.channels];
      const answer = popout.askPlaying(400);
      // Its own question, echoed, is not answered by itself.
      expect(answering).not.toHaveBeenCalled();
      channel?.deliver({
        type: 'answer',
        from: 'x',
        to: 'someone-else',
        id: 'y',
        playing: { kind: 'live', channel: 'radio2' },
      });
      channel?.deliver({ type: 'answer', from: 'x', playing: { kind: 'on-demand', position: 'veel' } });
      await vi.advanceTimersByTimeAsync(400);
      await expect(answer).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
