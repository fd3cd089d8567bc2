// An in-memory BroadcastChannel for the hand-off between windows (features/player/playback-handoff):
// every channel of the same name but the sender gets each message, at once.

import type { HandoffChannel } from '../features/player/playback-handoff';

export interface FakeChannel extends HandoffChannel {
  readonly name: string;
  closed: boolean;
  /** Hands `message` to this channel's listeners, as if another window sent it. */
  deliver(message: unknown): void;
}

export function fakeBus() {
  const channels = new Set<FakeChannel>();
  const open = (name: string): FakeChannel => {
    const listeners = new Set<(event: MessageEvent) => void>();
    const channel: FakeChannel = {
      name,
      closed: false,
      postMessage(message: unknown) {
        for (const other of channels) {
          if (other !== channel && other.name === name) other.deliver(message);
        }
      },
      deliver(message: unknown) {
        for (const listener of listeners) listener(new MessageEvent('message', { data: message }));
      },
      addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
        listeners.add(listener);
      },
      removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
        listeners.delete(listener);
      },
      close() {
        channel.closed = true;
        channels.delete(channel);
      },
    };
    channels.add(channel);
    return channel;
  };
  /** A BroadcastChannel constructor on this bus, to stub the global with. */
  function BroadcastChannelOnBus(name: string) {
    return open(name);
  }
  return { open, channels, BroadcastChannel: BroadcastChannelOnBus };
}
