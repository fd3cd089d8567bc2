import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_IMAGE_WIDTHS,
  IMAGE_PRESETS,
  UNKNOWN_PROGRAMME_IMAGE,
  UNKNOWN_TRACK_IMAGE,
  applyCdn,
  applyFormat,
  aspectRatio,
  isResizable,
  presetImageUrl,
  presetMinWidths,
  presetSizes,
  presetSrcSet,
  responsiveImage,
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
  it("reads the presets from the server's table (server/src/media/image_presets.json)", () => {
    const file = JSON.parse(
      readFileSync(resolve(__dirname, '../../../server/src/media/image_presets.json'), 'utf8'),
    ) as { presets: Record<string, { width: number; height?: number }[]> };
    const { CONTENT_IMAGE, ...cropped } = file.presets;
    expect(IMAGE_PRESETS).toEqual(cropped);
    expect(Object.keys(IMAGE_PRESETS)).toHaveLength(20);
    expect(CONTENT_IMAGE_WIDTHS).toEqual(CONTENT_IMAGE?.map((size) => size.width));
    expect(CONTENT_IMAGE_WIDTHS).toEqual([540, 363]);
    expect(IMAGE_PRESETS.VIDEOCLIP).toEqual([
      { width: 280, height: 158 },
      { width: 480, height: 270 },
      { width: 360, height: 203 },
    ]);
  });
  // The table of spec §9 as the spec writes it, not the code's own file: a preset that drifts from
  // the spec fails here. 'W×H' is a size; a single number is a square; CONTENT_IMAGE gives widths.
  const SPEC_TABLE = `
    ARTICLE_CARD 564×424 / 256×192
    ARTIST_ITEM 520×520 / 550×412
    BROADCAST_TILE 320×214 / 136×90
    CAMPAIGN_AVATAR 88×88
    CAMPAIGN_HEADER 640×360 / 320×180
    CAMPAIGN_TILE 280×210 / 128×96
    CHART_ITEM 130 / 67
    CHART_ITEM_VIRTUAL 240 / 110
    EVENT_LIST_ITEM 132×99 / 92×69
    FRAGMENT_CARD 360×270 / 200×200
    FRAGMENT_TILE 360×270 / 200×150
    LARGE_TILE 1280×720 / 320×180
    LIST_ITEM 281×211 / 128×96
    NEWS_ITEM 280×210 / 128×96
    PLAYER_PREVIEW 170 / 148
    PODCAST_ITEM 281×211 / 96×96
    PROGRAMME_ITEM 100 / 74
    TILE 600 / 360 / 282
    TRACKPLAY_LIST_ITEM 100 / 67
    VIDEOCLIP 280×158 / 480×270 / 360×203`;
  it('has every image preset of the spec §9 table, size for size', () => {
    const spec = Object.fromEntries(
      SPEC_TABLE.trim()
        .split('\n')
        .map((line) => {
          const [name = '', ...sizes] = line.trim().split(/\s+(?:\/\s+)?/);
          return [
            name,
            sizes.map((size) => {
              const [width = 0, height = width] = size.split('×').map(Number);
              return { width, height };
            }),
          ];
        }),
    );
    expect(Object.keys(spec)).toHaveLength(20);
    expect(IMAGE_PRESETS).toEqual(spec);
    expect(CONTENT_IMAGE_WIDTHS).toEqual([540, 363]);
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

  it('knows which URLs can be resized', () => {
    expect(isResizable('https://img.example/{format}/a.jpg')).toBe(true);
    expect(isResizable('/media/images/a.webp')).toBe(false);
    expect(isResizable('https://cdn.example/a.jpg', ['cdn.example'])).toBe(true);
    expect(isResizable('https://other.example/a.jpg', ['cdn.example'])).toBe(false);
    expect(isResizable('/relative.jpg', ['cdn.example'])).toBe(false);
  });
  it('maps preset sizes to breakpoints, largest first', () => {
    expect(presetMinWidths(1)).toEqual([null]);
    expect(presetMinWidths(2)).toEqual([768, null]);
    expect(presetMinWidths(3)).toEqual([1200, 768, null]);
    expect(presetSizes('ARTICLE_CARD')).toBe('(min-width: 768px) 564px, 256px');
    expect(presetSizes('TILE')).toBe('(min-width: 1200px) 600px, (min-width: 768px) 360px, 282px');
    expect(presetSizes('CAMPAIGN_AVATAR')).toBe('88px');
  });
  it('builds a srcset of every preset size at 1x and 2x, smallest first', () => {
    expect(presetSrcSet('https://img.example/{format}/a.jpg', 'ARTICLE_CARD')).toBe(
      [
        'https://img.example/h_192,w_256,c_north/a.jpg 256w',
        'https://img.example/h_384,w_512,c_north/a.jpg 512w',
        'https://img.example/h_424,w_564,c_north/a.jpg 564w',
        'https://img.example/h_848,w_1128,c_north/a.jpg 1128w',
      ].join(', '),
    );
    // 1:1 on the CDN is sent as 600:601, at every size.
    expect(presetSrcSet('https://cdn.example/p.jpg', 'PROGRAMME_ITEM', ['cdn.example'])).toBe(
      [
        'https://cdn.example/p.jpg?height=74&width=74&aspect_ratio=600%3A601 74w',
        'https://cdn.example/p.jpg?height=100&width=100&aspect_ratio=600%3A601 100w',
        'https://cdn.example/p.jpg?height=148&width=148&aspect_ratio=600%3A601 148w',
        'https://cdn.example/p.jpg?height=200&width=200&aspect_ratio=600%3A601 200w',
      ].join(', '),
    );
    // TILE has three sizes, so six candidates.
    expect(presetSrcSet('/{format}', 'TILE').split(', ')).toHaveLength(6);
    expect(presetSrcSet('/media/images/a.webp', 'TILE')).toBe('');
    expect(presetSrcSet(null, 'TILE')).toBe('');
  });
  it('gives an <img> its src, srcset, sizes and dimensions, or the fallback', () => {
    expect(responsiveImage('https://img.example/{format}.jpg', 'NEWS_ITEM', UNKNOWN_PROGRAMME_IMAGE)).toEqual(
      {
        src: 'https://img.example/h_210,w_280,c_north.jpg',
        srcSet: presetSrcSet('https://img.example/{format}.jpg', 'NEWS_ITEM'),
        sizes: '(min-width: 768px) 280px, 128px',
        width: 280,
        height: 210,
      },
    );
    expect(responsiveImage('/media/images/a.webp', 'FRAGMENT_CARD', UNKNOWN_PROGRAMME_IMAGE)).toEqual({
      src: '/media/images/a.webp',
      width: 360,
      height: 270,
    });
    expect(responsiveImage('', 'TRACKPLAY_LIST_ITEM', UNKNOWN_TRACK_IMAGE)).toEqual({
      src: '/images/unknown_track.webp',
      width: 100,
      height: 100,
    });
  });
});
