// Track naming rules of spec §3 applied to a TrackPlay.

import type { TrackPlay } from '../api/types';
import { formatTime } from './format-date';
import { UNKNOWN_TRACK_IMAGE } from './images';

export { UNKNOWN_TRACK_IMAGE };

export interface TrackDisplay {
  id: number;
  name: string;
  artist: string;
  imageUrl: string;
  time: string;
  ensemble: string | null;
  /** The song's page (spec §3 Track: the url through the track route). */
  url: string;
}

/** Whether the play carries a song at all (items without a song are dropped). */
export function hasSong(track: TrackPlay): boolean {
  return Boolean(track.title?.trim() || track.completeWork?.trim());
}

/** Name, artist, image and time of a track play as the site shows it. */
export function displayTrack(track: TrackPlay, options: { classical?: boolean } = {}): TrackDisplay {
  const baseName = track.completeWork?.trim() ? track.completeWork : track.title;
  const name = track.chartPosition !== null ? `#${track.chartPosition}:  ${baseName}` : baseName;
  const artist = options.classical && track.composer?.trim() ? track.composer : track.artist;
  return {
    id: track.id,
    name,
    artist,
    imageUrl: track.coverUrl || UNKNOWN_TRACK_IMAGE,
    time: formatTime(track.from),
    ensemble: track.ensemble,
    url: track.url,
  };
}

/** Displays a list, dropping plays without a song. */
export function displayTracks(tracks: TrackPlay[], options: { classical?: boolean } = {}): TrackDisplay[] {
  return tracks.filter(hasSong).map((t) => displayTrack(t, options));
}
