import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveFeed, type LiveEventSource } from './live-feed';
import type { MiniplayerInfo } from './miniplayer-info';

function info(song: string): MiniplayerInfo {
  return {
    data: {
      coreChannels: { data: [] },
      radioBroadcasts: { data: [] },
      radioTrackPlays: {
        data: [
          {
            id: 1,
            from: '2026-11-21 10:00:00',
            until: '2026-11-21 10:04:00',
            song,
            artist: 'Iemand',
            coverUrl: null,
            isAvailable: true,
            radioTracks: null,
            classicalData: null,
            cmsChartEditionPositions: [],
          },
        ],
      },
      upcomingBroadcasts: { data: [] },
      allChannels: { data: [] },
    },
  };
}

class FakeEvents implements LiveEventSource {
  closed = false;
  private listener: ((event: MessageEvent<string>) => void) | null = null;
  constructor(readonly slug: string) {}
  addEventListener(_type: 'info', listener: (event: MessageEvent<string>) => void) {
    this.listener = listener;
  }
  send(data: string) {
    this.listener?.(new MessageEvent('info', { data }));
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const fetchInfo = vi.fn(async (slug: string) => info(`poll ${slug}`));
  const opened: FakeEvents[] = [];
  const feed = createLiveFeed({
    fetchInfo,
    pollMs: 20_000,
    openEvents: (slug) => {
      const events = new FakeEvents(slug);
      opened.push(events);
      return events;
    },
  });
  return { feed, fetchInfo, opened };
}

const song = (i: MiniplayerInfo) => i.data.radioTrackPlays.data[0]?.song;

describe('the live feed', () => {
  it('gives every subscriber of a channel the same documents: one poll every 20 s, one event stream', async () => {
    const { feed, fetchInfo, opened } = setup();
    const player = vi.fn();
    const onAirBox = vi.fn();
    feed.subscribe('radio2', player, { push: true });
    feed.subscribe('radio2', onAirBox, { push: true });
    expect(opened).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchInfo).toHaveBeenCalledTimes(1);
    expect(song(player.mock.calls[0]?.[0] as MiniplayerInfo)).toBe('poll radio2');
    expect(onAirBox.mock.calls[0]?.[0]).toBe(player.mock.calls[0]?.[0]);

    opened[0]?.send(JSON.stringify(info('pushed')));
    expect(song(onAirBox.mock.lastCall?.[0] as MiniplayerInfo)).toBe('pushed');
    expect(song(player.mock.lastCall?.[0] as MiniplayerInfo)).toBe('pushed');
    // Not an info document: ignored.
    opened[0]?.send('{"error":1}');
    expect(player).toHaveBeenCalledTimes(2);
  });

  it('keeps the last document for late subscribers, including one published by a channel load', () => {
    const { feed } = setup();
    const loaded = info('loaded');
    feed.publish('radio2', loaded);
    expect(feed.latest('radio2')).toBe(loaded);
    const listener = vi.fn();
    feed.subscribe('radio2', listener);
    feed.publish('radio2', info('next'));
    expect(song(listener.mock.lastCall?.[0] as MiniplayerInfo)).toBe('next');
  });

  it('polls without an event stream when nobody asks for push, and stops when the last one leaves', async () => {
    const { feed, fetchInfo, opened } = setup();
    const card = vi.fn();
    const offCard = feed.subscribe('3fm', card);
    expect(opened).toHaveLength(0);
    const offPush = feed.subscribe('3fm', vi.fn(), { push: true });
    expect(opened).toHaveLength(1);
    offPush();
    expect(opened[0]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(card).toHaveBeenCalledTimes(1);
    offCard();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchInfo).toHaveBeenCalledTimes(1);
  });
});
