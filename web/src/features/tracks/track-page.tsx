// A song's page (/nummers/{songId}/{songSlug}, spec §3 Track "the track url through a track
// route"): the song, when and on which channel it was played last, and its recent plays, each with
// the broadcast hour it fell in and a button that plays that hour's recording from the moment the
// song started.

import type { TrackPageData, TrackPagePlay } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { AppLink } from '../../components/app-link';
import { DetailHeader } from '../../components/detail-header';
import { Section } from '../../components/section';
import { formatLongDate, formatTime, formatTimeRange } from '../../lib/format-date';
import { UNKNOWN_TRACK_IMAGE } from '../../lib/track-display';
import { usePlayFrom, useRecordedHourPlayable } from '../broadcasts';

/** 'zaterdag 21 november 2026, 08:04': when a play started, as the server's page writes it. */
export function playMoment(from: string): string {
  return `${formatLongDate(from)}, ${formatTime(from)}`;
}

function ChannelLink({ play }: { play: TrackPagePlay }) {
  return play.playedTracksUrl ? (
    <AppLink to={play.playedTracksUrl}>{play.channel.name}</AppLink>
  ) : (
    <>{play.channel.name}</>
  );
}

/**
 * Plays the hour's recording from the play's moment, or seeks there when it is already loaded; the
 * broadcast's following hours that have ended are its queue, so it goes on when the hour is over.
 */
function ListenFrom({ play }: { play: TrackPagePlay }) {
  const playable = useRecordedHourPlayable(play.broadcast, play.hour, play.hours, play.recording);
  const playFrom = usePlayFrom(playable);
  if (!playable) return <span className="track-plays__none">Geen opname</span>;
  const clock = formatTime(play.from);
  return (
    <button
      type="button"
      className="button button--small track-plays__listen"
      aria-label={`Luister vanaf ${clock} op ${formatLongDate(play.from)}`}
      onClick={() => playFrom(play.offsetSeconds)}
    >
      Luister vanaf {clock}
    </button>
  );
}

function PlayItem({ play }: { play: TrackPagePlay }) {
  return (
    <li className="track-plays__item">
      <time className="track-plays__when" dateTime={play.from}>
        {playMoment(play.from)}
      </time>
      <span className="track-plays__channel">{play.channel.name}</span>
      {play.broadcast && play.hour && (
        <AppLink className="track-plays__broadcast" to={play.hour.url}>
          {play.broadcast.title}, {formatTimeRange(play.hour.from, play.hour.until)}
        </AppLink>
      )}
      <ListenFrom play={play} />
    </li>
  );
}

/** The song, its last play and its recent plays. */
export function TrackPage({ data }: PageProps<TrackPageData>) {
  const { track, plays } = data;
  const name = track.completeWork?.trim() ? track.completeWork : track.title;
  const last = plays[0];
  return (
    <div className="page">
      <DetailHeader
        imageUrl={track.coverUrl || UNKNOWN_TRACK_IMAGE}
        preset="ARTIST_ITEM"
        kicker="Nummer"
        title={name}
      >
        {track.artist && <p className="card__meta">{track.artist}</p>}
        {track.composer && <p className="card__meta">Componist: {track.composer}</p>}
        {track.ensemble && <p className="card__meta">{track.ensemble}</p>}
        {last && (
          <p className="track-page__last">
            Laatst gedraaid: {playMoment(last.from)} op <ChannelLink play={last} />
          </p>
        )}
      </DetailHeader>
      <Section title="Recent gedraaid">
        <p className="filters__summary">{data.playCount} keer gedraaid</p>
        <ol className="track-plays" aria-label="Wanneer gedraaid">
          {plays.map((play) => (
            <PlayItem key={play.id} play={play} />
          ))}
        </ol>
      </Section>
    </div>
  );
}
