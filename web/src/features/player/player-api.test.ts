import { describe, expect, it } from 'vitest';

import { isProgressiveUrlValid, parameter, streamUrlFor } from './player-api';

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
