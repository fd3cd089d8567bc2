import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchLatestNews, isProgressiveUrlValid, parameter, streamUrlFor } from './player-api';

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

describe('stream URL', () => {
  const play = { mid: 'radio2', playerToken: 't.k', environmentDomain: 'https://stream.example' };
  it('prefers the progressive parameter', () => {
    const config = { tokenUrl: '/x', parameters: [{ name: 'progressive', value: '/media/f.mp3?expires=1' }] };
    expect(streamUrlFor(play, config)).toBe('/media/f.mp3?expires=1');
    expect(parameter(config, 'poster')).toBeUndefined();
  });
  it('takes the stream URL the server gives', () => {
    expect(streamUrlFor({ ...play, streamUrl: 'https://ext.example/live.m3u8' })).toBe(
      'https://ext.example/live.m3u8',
    );
  });
  it('builds it from the environment domain and the token otherwise', () => {
    expect(streamUrlFor(play)).toBe('https://stream.example/live/radio2.mp3?token=t.k');
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
});
