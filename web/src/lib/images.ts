// Image sizing of spec §9: '{format}' placeholders, CDN query values and size presets.

import imagePresetsFile from '../../../server/src/media/image_presets.json';

export const UNKNOWN_PROGRAMME_IMAGE = '/images/unknown_programme.webp';
export const UNKNOWN_TRACK_IMAGE = '/images/unknown_track.webp';
export const NOT_AVAILABLE_PAGE_IMAGE = '/images/pages/not_available_page.webp';

/** The breakpoints of spec §9, in px. */
export const BREAKPOINTS = {
  XS: 320,
  S: 600,
  M: 768,
  L: 1200,
  XL: 1344,
  XXL: 1550,
  FHD: 1920,
  QHD: 2560,
  UHD: 3860,
} as const;

export interface ImageSize {
  width: number;
  height: number;
}

const sq = (n: number): ImageSize => ({ width: n, height: n });

const { CONTENT_IMAGE, ...croppedPresets } = imagePresetsFile.presets;

/**
 * Sizes per preset, largest breakpoint first (spec §9 table). The table's one source is
 * server/src/media/image_presets.json, which the server builds its image variants and pages from.
 */
export const IMAGE_PRESETS: Readonly<Record<keyof typeof croppedPresets, readonly ImageSize[]>> =
  croppedPresets;

function nonEmpty<T>(items: readonly T[], what: string): readonly [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error(`image_presets.json: ${what} has no sizes`);
  return [first, ...rest];
}

/** Widths only (CONTENT_IMAGE 540 / 363). */
export const CONTENT_IMAGE_WIDTHS = nonEmpty(
  CONTENT_IMAGE.map((size) => size.width),
  'CONTENT_IMAGE',
);

/** The size of a preset at a breakpoint index (0 = largest; past the last, the last). */
export function presetSize(preset: ImagePreset, index = 0): ImageSize {
  const sizes = IMAGE_PRESETS[preset];
  return sizes[Math.min(index, sizes.length - 1)] ?? sizes[0] ?? sq(600);
}

export type ImagePreset = keyof typeof IMAGE_PRESETS;

/** The image CDN hosts. Our own server's images have no CDN host, so this is empty by default. */
export const DEFAULT_CDN_HOSTS: readonly string[] = [];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** 'w:h' reduced; 1:1 is sent as 600:601. */
export function aspectRatio(size: ImageSize): string {
  const d = gcd(size.width, size.height) || 1;
  const w = size.width / d;
  const h = size.height / d;
  return w === h ? '600:601' : `${w}:${h}`;
}

/** Puts 'h_{h},w_{w},c_north' in the place of '{format}'. */
export function applyFormat(url: string, size: ImageSize): string {
  return url.split('{format}').join(`h_${size.height},w_${size.width},c_north`);
}

/** Adds height, width and aspect_ratio query values for images on a CDN host. */
export function applyCdn(url: string, size: ImageSize, cdnHosts: readonly string[]): string {
  if (cdnHosts.length === 0) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!cdnHosts.includes(parsed.host)) return url;
  parsed.searchParams.set('height', String(size.height));
  parsed.searchParams.set('width', String(size.width));
  parsed.searchParams.set('aspect_ratio', aspectRatio(size));
  return parsed.toString();
}

/** The URL of an image at a size, with the fallback when the URL is empty. */
export function sizedImageUrl(
  url: string | null | undefined,
  size: ImageSize,
  fallback: string,
  cdnHosts: readonly string[] = DEFAULT_CDN_HOSTS,
): string {
  if (!url) return fallback;
  return applyCdn(applyFormat(url, size), size, cdnHosts);
}

/** The URL of an image for a preset at a breakpoint index (0 = largest). */
export function presetImageUrl(
  url: string | null | undefined,
  preset: ImagePreset,
  fallback: string,
  index = 0,
  cdnHosts: readonly string[] = DEFAULT_CDN_HOSTS,
): string {
  return sizedImageUrl(url, presetSize(preset, index), fallback, cdnHosts);
}

/** Whether an image URL can be asked for at another size: it has '{format}' or lies on a CDN host. */
export function isResizable(url: string, cdnHosts: readonly string[] = DEFAULT_CDN_HOSTS): boolean {
  if (url.includes('{format}')) return true;
  if (cdnHosts.length === 0) return false;
  try {
    return cdnHosts.includes(new URL(url).host);
  } catch {
    return false;
  }
}

/**
 * The smallest viewport width (px) from which each size of a preset applies, largest size first:
 * one size applies everywhere; two: M and up, then below; three: L and up, M and up, then below.
 */
export function presetMinWidths(count: number): (number | null)[] {
  if (count <= 1) return [null];
  if (count === 2) return [BREAKPOINTS.M, null];
  return [BREAKPOINTS.L, BREAKPOINTS.M, ...Array<null>(count - 2).fill(null)].slice(0, count);
}

/** The `sizes` attribute of a preset: '(min-width: 768px) 564px, 256px'. */
export function presetSizes(preset: ImagePreset): string {
  const sizes: readonly ImageSize[] = IMAGE_PRESETS[preset];
  const minWidths = presetMinWidths(sizes.length);
  return sizes
    .map((size, i) => {
      const min = minWidths[i];
      return min === null || min === undefined ? `${size.width}px` : `(min-width: ${min}px) ${size.width}px`;
    })
    .join(', ');
}

/**
 * The `srcset` of a preset: each size of the preset at 1x and 2x, as width descriptors, without
 * duplicates and smallest first; empty when the URL cannot be resized.
 */
export function presetSrcSet(
  url: string | null | undefined,
  preset: ImagePreset,
  cdnHosts: readonly string[] = DEFAULT_CDN_HOSTS,
): string {
  if (!url || !isResizable(url, cdnHosts)) return '';
  const byWidth = new Map<number, string>();
  for (const size of IMAGE_PRESETS[preset] as readonly ImageSize[]) {
    for (const scale of [1, 2]) {
      const scaled = { width: size.width * scale, height: size.height * scale };
      if (!byWidth.has(scaled.width)) byWidth.set(scaled.width, sizedImageUrl(url, scaled, '', cdnHosts));
    }
  }
  return [...byWidth.entries()]
    .sort(([a], [b]) => a - b)
    .map(([width, candidate]) => `${candidate} ${width}w`)
    .join(', ');
}

/** What an <img> of a preset needs: src (the largest size), srcSet and sizes (when resizable), width and height. */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

/** The responsive image of a preset, or the fallback image (at the preset's size) when the URL is empty. */
export function responsiveImage(
  url: string | null | undefined,
  preset: ImagePreset,
  fallback: string,
  cdnHosts: readonly string[] = DEFAULT_CDN_HOSTS,
): ResponsiveImage {
  const largest = presetSize(preset);
  const image: ResponsiveImage = {
    src: presetImageUrl(url, preset, fallback, 0, cdnHosts),
    width: largest.width,
    height: largest.height,
  };
  const srcSet = presetSrcSet(url, preset, cdnHosts);
  if (srcSet) {
    image.srcSet = srcSet;
    image.sizes = presetSizes(preset);
  }
  return image;
}
