import { describe, expect, it } from 'vitest';
import {
  IMAGE_PRESETS,
  UNKNOWN_PROGRAMME_IMAGE,
  applyCdn,
  applyFormat,
  aspectRatio,
  presetImageUrl,
  sizedImageUrl,
} from './images';

describe('images', () => {
  it("puts 'h_{h},w_{w},c_north' in place of {format}", () => {
    expect(applyFormat('https://img.example/{format}/a.jpg', { width: 564, height: 424 })).toBe(
      'https://img.example/h_424,w_564,c_north/a.jpg',
    );
    expect(applyFormat('/media/a.webp', { width: 1, height: 1 })).toBe('/media/a.webp');
  });
  it('reduces aspect ratios and sends 1:1 as 600:601', () => {
    expect(aspectRatio({ width: 564, height: 424 })).toBe('141:106');
    expect(aspectRatio({ width: 1280, height: 720 })).toBe('16:9');
    expect(aspectRatio({ width: 100, height: 100 })).toBe('600:601');
  });
  it('adds CDN query values only on configured CDN hosts', () => {
    const hosts = ['cdn.example'];
    expect(applyCdn('https://cdn.example/a.jpg?x=1', { width: 100, height: 100 }, hosts)).toBe(
      'https://cdn.example/a.jpg?x=1&height=100&width=100&aspect_ratio=600%3A601',
    );
    expect(applyCdn('https://other.example/a.jpg', { width: 100, height: 100 }, hosts)).toBe(
      'https://other.example/a.jpg',
    );
    expect(applyCdn('/media/a.webp', { width: 100, height: 100 }, hosts)).toBe('/media/a.webp');
    expect(applyCdn('https://cdn.example/a.jpg', { width: 100, height: 100 }, [])).toBe(
      'https://cdn.example/a.jpg',
    );
  });
  it('uses presets and falls back for empty URLs', () => {
    expect(IMAGE_PRESETS.ARTICLE_CARD[0]).toEqual({ width: 564, height: 424 });
    expect(presetImageUrl('', 'PROGRAMME_ITEM', UNKNOWN_PROGRAMME_IMAGE)).toBe(
      '/images/unknown_programme.webp',
    );
    expect(presetImageUrl('https://cdn.example/{format}.jpg', 'TILE', 'x', 2, ['cdn.example'])).toBe(
      'https://cdn.example/h_282,w_282,c_north.jpg?height=282&width=282&aspect_ratio=600%3A601',
    );
    expect(presetImageUrl('/a/{format}', 'CAMPAIGN_AVATAR', 'x', 5)).toBe('/a/h_88,w_88,c_north');
    expect(sizedImageUrl(null, { width: 1, height: 1 }, 'fb')).toBe('fb');
  });
});
