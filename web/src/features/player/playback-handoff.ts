// Only one audio plays at a time across the site's windows: the main window and the pop-out player
// tell each other over a BroadcastChannel when they start, and the other one stops. Each window has
// its own id, so it ignores its own messages (a BroadcastChannel does not echo, a fake one may).

/** The part of BroadcastChannel the hand-off uses (a fake one in tests). */
export interface HandoffChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export const HANDOFF_CHANNEL_NAME = 'ether-player';

interface StartedMessage {
  type: 'started';
  from: string;
}

function isStarted(value: unknown): value is StartedMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'started' &&
    typeof (value as { from?: unknown }).from === 'string'
  );
}

function openBroadcastChannel(name: string): HandoffChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
}

export interface PlaybackHandoff {
  /** This window started playing: the others stop. */
  announceStarted(): void;
  close(): void;
}

/**
 * Joins the site's hand-off channel; `onOtherStarted` runs when another window starts playing.
 * Without BroadcastChannel (old browsers) it does nothing.
 */
export function joinPlaybackHandoff(
  onOtherStarted: () => void,
  open: (name: string) => HandoffChannel | null = openBroadcastChannel,
): PlaybackHandoff {
  const channel = open(HANDOFF_CHANNEL_NAME);
  const self = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const onMessage = (event: MessageEvent) => {
    if (isStarted(event.data) && event.data.from !== self) onOtherStarted();
  };
  channel?.addEventListener('message', onMessage);
  return {
    announceStarted() {
      channel?.postMessage({ type: 'started', from: self } satisfies StartedMessage);
    },
    close() {
      channel?.removeEventListener('message', onMessage);
      channel?.close();
    },
  };
}
