import { describe, expect, it, vi } from 'vitest';
import {
  HANDOFF_CHANNEL_NAME,
  joinPlaybackHandoff,
  PLAYING_MARK_KEY,
  type HandoffChannel,
} from './playback-handoff';

/** An in-memory BroadcastChannel: every channel of the same name but the sender gets each message. */
function fakeBus() {
  const channels = new Set<FakeChannel>();
  class FakeChannel implements HandoffChannel {
    private readonly listeners = new Set<(event: MessageEvent) => void>();
    closed = false;
    constructor(readonly name: string) {
      channels.add(this);
    }
    postMessage(message: unknown) {
      for (const other of channels) {
        if (other !== this && other.name === this.name) other.deliver(message);
      }
    }
    deliver(message: unknown) {
      for (const listener of this.listeners) listener(new MessageEvent('message', { data: message }));
    }
    addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.add(listener);
    }
    removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.delete(listener);
    }
    close() {
      this.closed = true;
      channels.delete(this);
    }
  }
  return { open: (name: string) => new FakeChannel(name), channels };
}

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
