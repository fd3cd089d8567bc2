import { describe, expect, it, vi } from 'vitest';
import { HANDOFF_CHANNEL_NAME, joinPlaybackHandoff, type HandoffChannel } from './playback-handoff';

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
