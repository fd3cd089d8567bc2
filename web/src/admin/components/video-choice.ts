// What choosing a video of the media library puts in a video item's form: the HLS master playlist
// as its file, its duration and its poster. Kept apart from the picker so it is tested by itself.
import { formatDuration } from '../../lib/format-date';
import type { Media, VideoMedia } from '../api/media-client';

/** The form values (as the form holds them, text) that a chosen video sets. */
export interface VideoChoice {
  path: string;
  durationMs: string;
  posterUrl: string;
}

export const isReadyVideo = (media: Media): media is VideoMedia =>
  media.kind === 'video' && media.status === 'ready';

export function videoChoice(media: VideoMedia): VideoChoice {
  return { path: media.url, durationMs: String(media.durationMs), posterUrl: media.posterUrl };
}

/** True for a path that names a video of the media library rather than a file of the media dir. */
export function isLibraryVideo(path: string): boolean {
  return /^\/uploads\/videos\/[0-9a-f]{64}\/master\.m3u8$/.test(path);
}

/** "Interview.mp4 (1:05, 1280×720)": how a video is named in the list. */
export function videoLabel(media: VideoMedia): string {
  return `${media.name || `Video ${media.id}`} (${formatDuration(media.durationSeconds)}, ${media.width}×${media.height})`;
}
