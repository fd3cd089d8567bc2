// Uploads and the media library (server/src/admin/upload_api.hpp). An upload is the file itself
// as the request body, sent with XMLHttpRequest so that its progress can be shown; processing
// (image sizes, loudness normalisation) continues on the server and is followed by polling.

import {
  AdminApiError,
  adminApi,
  adminFetch,
  errorFromBody,
  getCsrfToken,
  otherAccountError,
  sessionAccount,
  setCsrfToken,
} from './admin-client';

export type MediaKind = 'image' | 'audio' | 'video';
/** 'broken': audio whose stored file the server found missing or damaged at its start. */
export type MediaStatus = 'processing' | 'ready' | 'failed' | 'broken';

interface MediaBase {
  id: number;
  status: MediaStatus;
  /** 0..100 while processing. */
  progress: number;
  /** A Dutch message when failed or broken. */
  error: string | null;
  name: string;
  mimeType: string;
  sizeBytes: number;
  /** Who made it or where it is from, kept with the item; '' when not given. */
  credit: string;
  /** What a page may print under it, kept with the item; '' when not given. */
  caption: string;
}

export interface ImageMedia extends MediaBase {
  kind: 'image';
  /** With '{format}' for the sizes of spec §9 (lib/images.ts applyFormat). */
  url: string;
  /** The size for an article's image block (1080 px wide). */
  contentUrl: string;
  originalUrl: string;
  width: number;
  height: number;
  focalPoint: FocalPoint;
}

export interface AudioMedia extends MediaBase {
  kind: 'audio';
  /** The loudness-normalised MP3. */
  url: string;
  durationMs: number;
  durationSeconds: number;
  loudnessLufs: number;
}

export interface VideoMedia extends MediaBase {
  kind: 'video';
  /** The HLS master playlist (a 720p or smaller rendition and a 360p one). */
  url: string;
  /** A JPEG frame at a tenth of the duration. */
  posterUrl: string;
  width: number;
  height: number;
  durationMs: number;
  durationSeconds: number;
}

export type Media = ImageMedia | AudioMedia | VideoMedia;

/** A point of an image, x and y from 0 (left, top) to 1 (right, bottom). */
export interface FocalPoint {
  x: number;
  y: number;
}

/** An item's credit and caption, as PUT .../details takes them (each may be ''). */
export interface MediaDetails {
  credit: string;
  caption: string;
}

/** The longest credit or caption the server keeps, in characters (it answers 400 beyond). */
export const MAX_DETAIL_LENGTH = 300;

/** The largest file of each kind the server accepts (it answers 413 beyond). */
export const MAX_UPLOAD_BYTES: Record<MediaKind, number> = {
  image: 25 * 1024 * 1024,
  audio: 500 * 1024 * 1024,
  video: 2048 * 1024 * 1024,
};

const KIND_NOUN: Record<MediaKind, string> = {
  image: 'een afbeelding',
  audio: 'een audiobestand',
  video: 'een video',
};

export function tooLargeMessage(kind: MediaKind): string {
  const limit = Math.round(MAX_UPLOAD_BYTES[kind] / (1024 * 1024));
  return `Dit bestand is te groot: ${KIND_NOUN[kind]} mag hoogstens ${limit} MB zijn.`;
}

const UPLOAD_PATHS: Record<MediaKind, string> = {
  image: '/api/admin/media/images',
  audio: '/api/admin/media/audio',
  video: '/api/admin/media/videos',
};

/**
 * Sends `file` as a `kind` upload. `onProgress` gets the share sent (0..1). Resolves with the
 * stored item (usually still processing); rejects with an AdminApiError carrying the server's
 * Dutch message (413 too large, 415 wrong kind of file, 401/403).
 *
 * The upload route checks the session in its instance's cache only, before the body is read. With
 * several instances behind a balancer, one that has not seen the session yet answers 401: the
 * upload then asks for the session once (GET /api/admin/session reads it from the store, which
 * warms that cache) and, when it is still valid, sends the file once more.
 */
export async function uploadMedia(
  kind: MediaKind,
  file: File,
  onProgress?: (share: number) => void,
  signal?: AbortSignal,
): Promise<Media> {
  const account = sessionAccount();
  try {
    return await sendUpload(kind, file, onProgress, signal);
  } catch (error) {
    if (!(error instanceof AdminApiError) || error.status !== 401 || signal?.aborted) throw error;
    let session;
    try {
      session = await adminApi.session();
    } catch {
      throw error;
    }
    // Never as another account than the one that chose the file (signed in meanwhile in another tab).
    if (account !== undefined && session.user.id !== account) throw otherAccountError();
    setCsrfToken(session.csrfToken, session.user.id);
    onProgress?.(0);
    return sendUpload(kind, file, onProgress, signal);
  }
}

function sendUpload(
  kind: MediaKind,
  file: File,
  onProgress?: (share: number) => void,
  signal?: AbortSignal,
): Promise<Media> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${UPLOAD_PATHS[kind]}?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    const token = getCsrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'media' in body) {
        resolve((body as { media: Media }).media);
        return;
      }
      reject(
        errorFromBody(
          xhr.status,
          body,
          xhr.status === 413 ? tooLargeMessage(kind) : `Het uploaden is mislukt (HTTP ${xhr.status}).`,
        ),
      );
    };
    xhr.onerror = () =>
      reject(new AdminApiError(0, 'network', 'Het uploaden is mislukt: de server is niet bereikbaar.'));
    xhr.onabort = () => reject(new AdminApiError(0, 'aborted', 'Het uploaden is afgebroken.'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

export const mediaApi = {
  get: (id: number) => adminFetch<{ media: Media }>('GET', `/api/admin/media/${id}`).then((r) => r.media),
  /** A page of the library's items of `kind`, newest first; `query`: only names holding it. */
  list: (kind: MediaKind, page = 1, query = '') =>
    adminFetch<{ items: Media[]; total: number; page: number; pageSize: number }>(
      'GET',
      `/api/admin/media?kind=${kind}${page > 1 ? `&page=${page}` : ''}${query ? `&q=${encodeURIComponent(query)}` : ''}`,
    ),
  /** Deletes a failed upload or a video (the server refuses any other, and one content still uses). */
  remove: (id: number) => adminFetch<undefined>('DELETE', `/api/admin/media/${id}`),
  setFocalPoint: (id: number, point: FocalPoint) =>
    adminFetch<{ media: Media }>('PUT', `/api/admin/media/${id}/focal-point`, point).then((r) => r.media),
  /** Keeps an item's credit and caption (the server trims them); resolves with the item as stored. */
  setDetails: (id: number, details: MediaDetails) =>
    adminFetch<{ media: Media }>('PUT', `/api/admin/media/${id}/details`, {
      credit: details.credit,
      caption: details.caption,
    }).then((r) => r.media),
};

/** Asks for an item every `intervalMs` until it is no longer processing; `onUpdate` sees each state. */
export async function waitForProcessing(
  id: number,
  onUpdate: (media: Media) => void,
  signal?: AbortSignal,
  intervalMs = 1000,
): Promise<Media> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    if (signal?.aborted) throw new AdminApiError(0, 'aborted', 'Afgebroken.');
    const media = await mediaApi.get(id);
    onUpdate(media);
    if (media.status !== 'processing') return media;
  }
}
