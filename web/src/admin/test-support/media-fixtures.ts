// Library items as the media API answers them, for the tests of the pickers and the body's blocks.
import type { ImageMedia } from '../api/media-client';

/** The content hash a test image `id` is stored under (64 hex digits). */
export const imageHash = (id: number) => String(id).padStart(64, 'a');

/** A library image, ready unless `more` says otherwise; its sizes cut around the middle. */
export function libraryImage(id: number, name: string, more: Partial<ImageMedia> = {}): ImageMedia {
  const base = `/uploads/images/${imageHash(id)}`;
  return {
    id,
    kind: 'image',
    status: 'ready',
    progress: 100,
    error: null,
    name,
    mimeType: 'image/webp',
    sizeBytes: 2048,
    credit: '',
    caption: '',
    url: `${base}/f500-500/{format}.webp`,
    contentUrl: `${base}/f500-500/w_1080.webp`,
    originalUrl: `${base}/original.webp`,
    width: 800,
    height: 600,
    focalPoint: { x: 0.5, y: 0.5 },
    ...more,
  };
}
