// One source of live data per channel for the whole page: the mini player and every now-playing
// view (the home page's on-air box, the live page) subscribe here instead of fetching on their own.
// A channel with subscribers is polled every 20 s (spec §4); where a subscriber asks for `push`,
// Server-Sent Events bring changes at once. The last document is kept, so a view that subscribes
// later starts from what the others already see.

import type { MiniplayerInfo } from './miniplayer-info';
import { isMiniplayerInfo } from './miniplayer-info';

export type LiveInfoListener = (info: MiniplayerInfo) => void;

/** The part of EventSource the feed uses. */
export interface LiveEventSource {
  addEventListener(type: 'info', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveFeedOptions {
  fetchInfo: (slug: string) => Promise<MiniplayerInfo>;
  /** Opens the channel's Server-Sent Events; null where the browser has none. */
  openEvents?: (slug: string) => LiveEventSource | null;
  pollMs: number;
  onError?: (error: unknown) => void;
}

export interface LiveFeed {
  /** Follows `slug`; the listener gets every new document. Returns the unsubscribe function. */
  subscribe(slug: string, listener: LiveInfoListener, options?: { push?: boolean }): () => void;
  /** A document fetched elsewhere (a channel being loaded): kept and given to the subscribers. */
  publish(slug: string, info: MiniplayerInfo): void;
  /** The last document of `slug`, if any. */
  latest(slug: string): MiniplayerInfo | undefined;
}

interface Entry {
  listeners: Map<LiveInfoListener, boolean>; // listener -> wants push
  timer: ReturnType<typeof setInterval> | null;
  events: LiveEventSource | null;
}

function openEventSource(slug: string): LiveEventSource | null {
  if (typeof EventSource === 'undefined') return null;
  return new EventSource(`/api/miniplayer/events?channel=${encodeURIComponent(slug)}`);
}

export function createLiveFeed({
  fetchInfo,
  openEvents = openEventSource,
  pollMs,
  onError = () => undefined,
}: LiveFeedOptions): LiveFeed {
  const entries = new Map<string, Entry>();
  const last = new Map<string, MiniplayerInfo>();

  const publish = (slug: string, info: MiniplayerInfo) => {
    last.set(slug, info);
    const entry = entries.get(slug);
    if (!entry) return;
    for (const listener of [...entry.listeners.keys()]) listener(info);
  };

  const refresh = (slug: string) => {
    fetchInfo(slug).then((info) => {
      if (entries.has(slug)) publish(slug, info);
    }, onError);
  };

  // Push is on while at least one subscriber wants it.
  const updateEvents = (slug: string, entry: Entry) => {
    const wanted = [...entry.listeners.values()].some(Boolean);
    if (wanted && !entry.events) {
      entry.events = openEvents(slug);
      entry.events?.addEventListener('info', (event) => {
        try {
          const info: unknown = JSON.parse(event.data);
          if (isMiniplayerInfo(info)) publish(slug, info);
        } catch (error) {
          onError(error);
        }
      });
    } else if (!wanted && entry.events) {
      entry.events.close();
      entry.events = null;
    }
  };

  return {
    subscribe(slug, listener, options = {}) {
      let entry = entries.get(slug);
      if (!entry) {
        entry = { listeners: new Map(), timer: null, events: null };
        entries.set(slug, entry);
        entry.timer = setInterval(() => refresh(slug), pollMs);
      }
      entry.listeners.set(listener, options.push ?? false);
      updateEvents(slug, entry);
      return () => {
        const current = entries.get(slug);
        if (!current || !current.listeners.delete(listener)) return;
        if (current.listeners.size === 0) {
          if (current.timer !== null) clearInterval(current.timer);
          current.events?.close();
          entries.delete(slug);
        } else {
          updateEvents(slug, current);
        }
      };
    },
    publish,
    latest: (slug) => last.get(slug),
  };
}
