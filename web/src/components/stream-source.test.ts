import { describe, expect, it } from 'vitest';
import { attachStream, isHlsUrl, needsHlsJs } from './stream-source';

describe('stream sources', () => {
  it('knows an HLS playlist with or without a query', () => {
    expect(isHlsUrl('/live/radio1/index.m3u8?token=abc')).toBe(true);
    expect(isHlsUrl('https://example.org/x/playlist.M3U8')).toBe(true);
    expect(isHlsUrl('/live/radio1.mp3?token=abc')).toBe(false);
    expect(isHlsUrl('/media/videos/a.mp4')).toBe(false);
  });
  it('needs hls.js only for HLS without native support', () => {
    const native = { canPlayType: () => 'maybe' as const };
    const none = { canPlayType: () => '' as const };
    expect(needsHlsJs('/a/index.m3u8', native)).toBe(false);
    expect(needsHlsJs('/a/index.m3u8', none)).toBe(true);
    expect(needsHlsJs('/a.mp3', none)).toBe(false);
  });
  it('puts other sources on the element and detaches them again', async () => {
    const audio = document.createElement('audio');
    const attached = await attachStream(audio, '/live/radio2.mp3?token=t', () => undefined);
    expect(attached.usesHlsJs).toBe(false);
    expect(audio.getAttribute('src')).toBe('/live/radio2.mp3?token=t');
    attached.detach();
    expect(audio.hasAttribute('src')).toBe(false);
  });
});
