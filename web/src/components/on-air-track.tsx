import { UNKNOWN_TRACK_IMAGE, type TrackDisplay } from '../lib/track-display';
import { AppLink } from './app-link';
import { Image } from './image';

/** The song on air, with its cover: 'Nu gedraaid', name (a link to the song's page) and artist. */
export function OnAirTrack({ track }: { track: TrackDisplay }) {
  return (
    <div className="on-air__track">
      <Image src={track.imageUrl} fallback={UNKNOWN_TRACK_IMAGE} alt="" width={67} height={67} />
      <p>
        <span className="on-air__label">Nu gedraaid</span>
        <span className="on-air__song">
          {track.url && track.url !== '#' ? <AppLink to={track.url}>{track.name}</AppLink> : track.name}
        </span>
        <span className="on-air__artist">{track.artist}</span>
      </p>
    </div>
  );
}
