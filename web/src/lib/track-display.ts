// A TrackPlay as the site shows it: spec §3's names as the server gave them, the cover or its
// placeholder, and the Amsterdam time.

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

/**
 * Name, artist, image and time of a track play as the site shows it. The name and artist follow
 * spec §3's naming rules, applied once on the server (domain/track_naming.hpp), which writes the
 * same into its HTML and leaves out plays without a song.
 */
export function displayTrack(track: TrackPlay): TrackDisplay {
  return {
    id: track.id,
    name: track.name,
    artist: track.displayArtist,
    imageUrl: track.coverUrl || UNKNOWN_TRACK_IMAGE,
    time: formatTime(track.from),
    ensemble: track.ensemble,
    url: track.url,
  };
}
