import type { ReactNode } from 'react';
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
  action,
}: {
  tracks: TrackPlay[];
  classical: boolean;
  label: string;
  /** What a row offers besides its names (Gedraaid: 'Luister vanaf hier'). */
  action?: (play: TrackPlay, name: string) => ReactNode;
}) {
  return (
    <ol className="track-list" aria-label={label}>
      {tracks.map((play) => {
        const t = displayTrack(play);
        return (
          <li key={t.id} className="track">
            <time className="track__time" dateTime={play.from}>
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
            {action?.(play, t.name)}
          </li>
        );
      })}
    </ol>
  );
}
