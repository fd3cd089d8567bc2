import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchLatestNews, isProgressiveUrlValid, parameter, streamLocationFor } from './player-api';

describe('latest news expiry', () => {
  const now = Date.UTC(2026, 10, 21, 11, 0, 0);
  it('is valid while expires lies in the future', () => {
    expect(isProgressiveUrlValid(`/media/bulletins/a.mp3?expires=${now / 1000 + 60}&signature=x`, now)).toBe(
      true,
    );
  });
  it('is expired at or after expires, or without it', () => {
    expect(isProgressiveUrlValid(`/media/bulletins/a.mp3?expires=${now / 1000}&signature=x`, now)).toBe(
      false,
    );
    expect(isProgressiveUrlValid('/media/bulletins/a.mp3', now)).toBe(false);
    expect(isProgressiveUrlValid(undefined, now)).toBe(false);
  });
});

describe('stream location (spec §7 "Stream loading")', () => {
  const play = { mid: 'fragment-7', playerToken: '', environmentDomain: 'https://stream.example' };
  const site = 'https://ether.example';
  const progressive = {
    tokenUrl: '/x',
    parameters: [{ name: 'progressive', value: '/media/f.mp3?expires=1' }],
  };
  it('loads a progressive file from the environment domain, with prid = mid', () => {
    expect(streamLocationFor(play, progressive, site)).toEqual({
      url: 'https://stream.example/media/f.mp3?expires=1',
      metadata: { prid: 'fragment-7' },
    });
    expect(parameter(progressive, 'poster')).toBeUndefined();
  });
  it('loads the stream URL the server gives from the environment domain', () => {
    expect(streamLocationFor({ ...play, streamUrl: '/live/radio2.mp3?token=t' }, undefined, site)).toEqual({
      url: 'https://stream.example/live/radio2.mp3?token=t',
    });
  });
  it('uses the default domain when the answer has no environment domain', () => {
    const withoutDomain = { mid: play.mid, playerToken: play.playerToken };
    expect(
      streamLocationFor({ ...withoutDomain, streamUrl: '/live/radio2.mp3?token=t' }, undefined, site).url,
    ).toBe('https://ether.example/live/radio2.mp3?token=t');
    expect(streamLocationFor(withoutDomain, progressive, site).url).toBe(
      'https://ether.example/media/f.mp3?expires=1',
    );
  });
  it("keeps an absolute URL (a station's own Icecast) as it is", () => {
    expect(
      streamLocationFor({ ...play, streamUrl: 'https://ext.example/live.m3u8' }, undefined, site).url,
    ).toBe('https://ext.example/live.m3u8');
  });
  it('builds it from the environment domain and the token without a stream URL', () => {
    expect(streamLocationFor({ mid: 'radio2', playerToken: 't.k' }, undefined, site).url).toBe(
      'https://ether.example/live/radio2.mp3?token=t.k',
    );
  });
});

describe('latest news', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = () =>
    Promise.resolve(
      new Response(JSON.stringify({ player: { tokenUrl: '/api/player/radio1', parameters: [] } }), {
        status: 200,
      }),
    );
  it('is asked behind the configured static path prefix (spec §7)', async () => {
    const fetch = vi.fn<(url: string) => Promise<Response>>(answer);
    vi.stubGlobal('fetch', fetch);
    await fetchLatestNews('/static/');
    expect(fetch.mock.calls[0]?.[0]).toBe('/static/api/latestNews');
    const playable = await fetchLatestNews();
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/latestNews');
    expect(playable).toMatchObject({ id: 'latest_news_from_player', isLatestNews: true, type: 'fragment' });
  });

  it('names the bulletin by its own time, from publishedAt (issue 39)', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            player: { tokenUrl: '/api/play/bulletin/1', parameters: [] },
            publishedAt: '2026-11-26 05:00:00',
          }),
          { status: 200 },
        ),
      ),
    );
    const playable = await fetchLatestNews();
    expect(playable.name).toBe('Laatste journaal');
    expect(playable.subtitle).toMatch(/^Het nieuws van .*05:00$/);
  });
});
