// A stand-in for the server's player calls (spec §7) and the media element, for the unit tests of
// the player provider and the bar: the mini-player info, the channel's token URL, the play API and
// the latest news, each answered from the fixture site's channels; an info call can be held, to
// look at the player while it loads, or broken.

import type { SiteConfig } from '../api/types';
import type { InfoChannel, MiniplayerInfo } from '../features/player/miniplayer-info';
import type { Playable } from '../features/player/player-state';

const wallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A fragment as the player plays it: its play API is this stand-in's /api/play/fragment/1. */
export const testFragment: Playable = {
  id: 'fragment-1',
  name: 'Een fragment',
  type: 'fragment',
  queue: [],
  player: {
    tokenUrl: '/api/play/fragment/1',
    parameters: [{ name: 'progressive', value: '/media/fragments/1.mp3' }],
  },
};

/** An API time 'yyyy-MM-dd HH:mm:ss' (Amsterdam) `offsetMs` from now. */
export function apiTime(offsetMs: number): string {
  return wallClock.format(new Date(Date.now() + offsetMs));
}

/** The info document of `slug`: its show (with a presenter) on air, and a song that plays now. */
export function infoFor(site: SiteConfig, slug: string): MiniplayerInfo {
  const summary = site.channels.find((c) => c.slug === slug);
  if (!summary) throw new Error(`no channel ${slug} in the fixture site`);
  const channel: InfoChannel = {
    slug,
    name: summary.name,
    hasProgramming: summary.hasProgramming,
    playerMode: summary.playerMode,
    classical: summary.classical,
    liveVideo: summary.hasVisualRadio ? { tokenUrl: `/api/play/video/${slug}` } : null,
    links: [{ type: 'popout', value: `/popout/${slug}` }],
    children: [],
    parent: summary.parentSlug ? { slug: summary.parentSlug, name: summary.parentSlug } : null,
  };
  return {
    data: {
      coreChannels: { data: [channel] },
      radioBroadcasts: {
        data: [
          {
            id: 1,
            name: `Show op ${summary.name}`,
            slug: `show-${slug}`,
            from: '2026-11-21 10:00:00',
            until: '2026-11-21 12:00:00',
            coreBroadcasters: [],
            radioPhotoAssets: [],
            radioProgrammes: { slug: `show-${slug}`, name: `Show op ${summary.name}`, radioPhotoAssets: [] },
            radioPresenters: [{ slug: 'anna', name: `Anna van ${summary.name}` }],
          },
        ],
      },
      radioTrackPlays: {
        data: [
          {
            id: 1,
            from: apiTime(-60_000),
            until: apiTime(180_000),
            song: `Lied op ${summary.name}`,
            artist: 'De Golven',
            coverUrl: null,
            isAvailable: true,
            radioTracks: null,
            classicalData: null,
            cmsChartEditionPositions: [],
          },
        ],
      },
      upcomingBroadcasts: { data: [] },
      allChannels: { data: site.channels.map((c) => ({ name: c.name, slug: c.slug })) },
    },
  };
}

/** A document the player cannot build live data from: it has no channel (onError, spec §4). */
export function brokenInfo(site: SiteConfig, slug: string): MiniplayerInfo {
  const info = infoFor(site, slug);
  return { data: { ...info.data, coreChannels: { data: [] } } };
}

export interface PlayerServer {
  fetch: (input: RequestInfo | URL) => Promise<Response>;
  /** Every path (with query) asked for, in order. */
  calls: string[];
  /** The info calls of `slug` answered from now on wait until release(slug). */
  hold(slug: string): void;
  release(slug: string): void;
  /** The info of `slug` from now on: a document without its channel. */
  breakInfo(slug: string): void;
  /** The play API's answers carry this environmentDomain from now on (spec §7). */
  setEnvironmentDomain(domain: string): void;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function playerServer(site: SiteConfig): PlayerServer {
  const calls: string[] = [];
  const held = new Map<string, { promise: Promise<void>; release: () => void }>();
  const broken = new Set<string>();
  let domain: { environmentDomain?: string } = {};
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${url.pathname}${url.search}`);
    const info = /^\/api\/miniplayer\/info$/.test(url.pathname) ? url.searchParams.get('channel') : null;
    if (info !== null) {
      await held.get(info)?.promise;
      return json(broken.has(info) ? brokenInfo(site, info) : infoFor(site, info));
    }
    const token = /^\/api\/player\/([\w-]+)$/.exec(url.pathname);
    if (token) return json({ tokenUrl: `/api/play/live/${token[1]}` });
    const play = /^\/api\/play\/live\/([\w-]+)$/.exec(url.pathname);
    if (play) {
      return json({
        mid: play[1],
        playerToken: 'tok',
        streamUrl: `/live/${play[1]}.mp3?token=tok`,
        ...domain,
      });
    }
    // An on-demand item's play API: its mid, and its file (which a progressive parameter overrides).
    const onDemand = /^\/api\/play\/(\w+)\/(\d+)$/.exec(url.pathname);
    if (onDemand) {
      const [, kind, id] = onDemand;
      return json({
        mid: `${kind}-${id}`,
        playerToken: '',
        streamUrl: `/media/${kind}/${id}.mp3`,
        format: 'mp3',
        ...domain,
      });
    }
    if (url.pathname === '/api/latestNews') {
      const expires = Math.floor(Date.now() / 1000) + 3600;
      return json({
        player: {
          tokenUrl: '/api/play/news/1',
          parameters: [{ name: 'progressive', value: `/media/bulletins/1.mp3?expires=${expires}` }],
        },
      });
    }
    return json({ error: { code: 'not_found', message: 'Niet gevonden' } }, 404);
  };
  return {
    fetch,
    calls,
    hold(slug) {
      let release: () => void = () => undefined;
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      held.set(slug, { promise, release });
    },
    release(slug) {
      held.get(slug)?.release();
      held.delete(slug);
    },
    breakInfo(slug) {
      broken.add(slug);
    },
    setEnvironmentDomain(value) {
      domain = { environmentDomain: value };
    },
  };
}

/**
 * What the media element does in these tests (jsdom plays nothing): `play` as the browser answers it
 * ('allow': the 'playing' event follows; 'refuse': NotAllowedError, as without a gesture; 'hang':
 * it never settles), `pause` with its 'pause' event. Returns the element's calls and a restore.
 */
export function fakeMedia(policy: { play: 'allow' | 'refuse' | 'hang' }) {
  const proto = HTMLMediaElement.prototype;
  const saved = {
    play: Object.getOwnPropertyDescriptor(proto, 'play'),
    pause: Object.getOwnPropertyDescriptor(proto, 'pause'),
    paused: Object.getOwnPropertyDescriptor(proto, 'paused'),
  };
  const playing = new WeakSet<HTMLMediaElement>();
  const calls = { play: 0, pause: 0, sources: [] as string[] };
  Object.defineProperty(proto, 'play', {
    configurable: true,
    value(this: HTMLMediaElement) {
      calls.play += 1;
      calls.sources.push(this.getAttribute('src') ?? '');
      if (policy.play === 'refuse') {
        return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
      }
      if (policy.play === 'hang') return new Promise<void>(() => undefined);
      playing.add(this);
      this.dispatchEvent(new Event('playing'));
      return Promise.resolve();
    },
  });
  Object.defineProperty(proto, 'pause', {
    configurable: true,
    value(this: HTMLMediaElement) {
      calls.pause += 1;
      if (playing.delete(this)) this.dispatchEvent(new Event('pause'));
    },
  });
  Object.defineProperty(proto, 'paused', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return !playing.has(this);
    },
  });
  return {
    calls,
    setPolicy(play: 'allow' | 'refuse' | 'hang') {
      policy.play = play;
    },
    restore() {
      for (const [name, descriptor] of Object.entries(saved)) {
        if (descriptor) Object.defineProperty(proto, name, descriptor);
        else Reflect.deleteProperty(proto, name);
      }
    },
  };
}
