import type { TrackPlay } from '../api/types';
import { displayTrack, UNKNOWN_TRACK_IMAGE } from '../lib/track-display';
import { responsiveImage } from '../lib/images';
import { AppLink } from './app-link';
import { Image } from './image';
import './browse.css';

/** Played tracks with time, cover, name (a link to the song's page) and artist. */
export function TrackList({
  tracks,
  classical,
  label,
}: {
  tracks: TrackPlay[];
  classical: boolean;
  label: string;
}) {
  return (
    <ol className="track-list" aria-label={label}>
      {tracks.map(displayTrack).map((t) => (
        <li key={t.id} className="track">
          <time className="track__time" dateTime={tracks.find((p) => p.id === t.id)?.from}>
            {t.time}
          </time>
          <Image
            className="track__cover"
            {...responsiveImage(t.imageUrl, 'TRACKPLAY_LIST_ITEM', UNKNOWN_TRACK_IMAGE)}
            fallback={UNKNOWN_TRACK_IMAGE}
            alt=""
          />
          <div className="track__text">
            <span className="track__name">
              {t.url && t.url !== '#' ? <AppLink to={t.url}>{t.name}</AppLink> : t.name}
            </span>
            <span className="track__artist">{t.artist}</span>
            {classical && t.ensemble && <span className="track__ensemble">{t.ensemble}</span>}
          </div>
        </li>
      ))}
    </ol>
  );
}
