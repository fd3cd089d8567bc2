import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type {
  BroadcastData,
  BroadcastHourData,
  BroadcastRecording,
  BroadcastsData,
  BroadcastTrack,
} from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { AppLink } from '../../components/app-link';
import { DetailHeader } from '../../components/detail-header';
import { BroadcastHourCard, broadcastUrl, CardList } from '../../components/cards';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState, ErrorState } from '../../components/states';
import { Pagination } from '../../components/pagination';
import { capitalise, formatDuration, formatLongDate, formatTimeRange } from '../../lib/format-date';
import { routes } from '../../lib/routes';
import { displayTrack } from '../../lib/track-display';
import {
  busyClassName,
  busyControlProps,
  ListenButton,
  ListenFromHere,
  usePlayer,
  usePlayerBusy,
  useRewindRecordedAt,
  type Playable,
} from '../player';
import {
  broadcastHourId,
  broadcastHourPlayable,
  broadcastPlayable,
  followingHours,
  formatOffset,
  gapNotice,
  playFromLabel,
} from './broadcast-playable';
import { usePlayFrom } from './play-from';

/** Gemist: the past hours of broadcasts, each an item of its own, filterable by programme. */
export function BroadcastsPage({ data }: PageProps<BroadcastsData>) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="page">
      <PageHeading>Gemist</PageHeading>
      <p className="page-intro">Luister uitzendingen terug.</p>
      {data.programmes.length > 0 && (
        <form
          className="filters"
          aria-label="Programma kiezen"
          onSubmit={(event) => {
            event.preventDefault();
            const programme = new FormData(event.currentTarget).get('programme');
            void navigate(
              routes.uitzendingen({ programme: typeof programme === 'string' ? programme : null }),
            );
          }}
        >
          <div className="field">
            <label htmlFor={id}>Programma</label>
            <select id={id} name="programme" defaultValue={data.programme ?? ''}>
              <option value="">Alle programma's</option>
              {data.programmes.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button filters__submit">
            Toon uitzendingen
          </button>
        </form>
      )}
      <CardList
        items={data.broadcasts}
        keyOf={(b) => b.hour.url}
        render={(b) => <BroadcastHourCard item={b} />}
        empty={
          data.programme
            ? 'Van dit programma is nog geen uitzending terug te luisteren. Alleen afgelopen uitzendingen waarvan een opname is, staan hier.'
            : 'Er is nog geen uitzending terug te luisteren. Alleen afgelopen uitzendingen waarvan een opname is, staan hier.'
        }
        label="Uitzendingen"
      />
      <Pagination
        paging={data.paging}
        hrefFor={(page) => routes.uitzendingen({ programme: data.programme, page })}
      />
    </div>
  );
}

/** One broadcast: its recording and the tracks played during it. */
export function BroadcastPage({ data }: PageProps<BroadcastData>) {
  const { broadcast } = data;
  const gaps = data.recording.gaps;
  const playable = useMemo(() => broadcastPlayable(broadcast, gaps), [broadcast, gaps]);
  return (
    <div className="page">
      <DetailHeader
        imageUrl={broadcast.imageUrl}
        preset="BROADCAST_TILE"
        kicker={broadcast.channel.name}
        title={broadcast.title}
      >
        <p className="card__meta">
          {capitalise(formatLongDate(broadcast.from))} · {formatTimeRange(broadcast.from, broadcast.until)}
        </p>
        {broadcast.presenters.length > 0 && (
          <p className="card__meta">Met {broadcast.presenters.map((p) => p.name).join(' & ')}</p>
        )}
        {broadcast.broadcasters.length > 0 && (
          <p className="card__meta">{broadcast.broadcasters.map((b) => b.name).join(', ')}</p>
        )}
        {broadcast.programme && (
          <p>
            <AppLink to={routes.programma(broadcast.programme.slug)}>Naar {broadcast.programme.name}</AppLink>
          </p>
        )}
      </DetailHeader>
      <Recording recording={data.recording} playable={playable} label="Luister de uitzending" />
      <HourNav hours={data.hours} broadcastId={broadcast.id} />
      <Section title="Gedraaid in deze uitzending">
        <CompactTracks
          empty="In deze uitzending zijn geen nummers gedraaid."
          tracks={data.tracks}
          channel={broadcast.channel.slug}
          playable={data.recording.available ? playable : null}
        />
      </Section>
    </div>
  );
}

/** One hour of a broadcast: its recording, the broadcast's other hours and the hour's tracks. */
export function BroadcastHourPage({ data }: PageProps<BroadcastHourData>) {
  const { broadcast, hour } = data;
  const gaps = data.recording.gaps;
  const playable = useMemo(
    () => broadcastHourPlayable(broadcast, hour, gaps, followingHours(data.hours, hour)),
    [broadcast, hour, gaps, data.hours],
  );
  return (
    <div className="page">
      <DetailHeader
        imageUrl={broadcast.imageUrl}
        preset="BROADCAST_TILE"
        kicker={broadcast.channel.name}
        title={broadcast.title}
      >
        <p className="card__meta">
          <time dateTime={hour.from}>{hour.label}</time>
        </p>
        {broadcast.presenters.length > 0 && (
          <p className="card__meta">Met {broadcast.presenters.map((p) => p.name).join(' & ')}</p>
        )}
        <p>
          <AppLink to={broadcastUrl(broadcast)}>
            Hele uitzending ({formatTimeRange(broadcast.from, broadcast.until)})
          </AppLink>
          {broadcast.programme && (
            <>
              {' · '}
              <AppLink to={routes.programma(broadcast.programme.slug)}>
                Naar {broadcast.programme.name}
              </AppLink>
            </>
          )}
        </p>
      </DetailHeader>
      <Recording recording={data.recording} playable={playable} label="Luister dit uur" />
      <HourNav hours={data.hours} broadcastId={broadcast.id} current={hour.url} />
      <Section title="Gedraaid in dit uur">
        <CompactTracks
          empty="In dit uur zijn geen nummers gedraaid."
          tracks={data.tracks}
          channel={broadcast.channel.slug}
          playable={data.recording.available ? playable : null}
        />
      </Section>
    </div>
  );
}

/** The play button of the recording, or why there is none; a Dutch error when playing failed. */
function Recording({
  recording,
  playable,
  label,
}: {
  recording: BroadcastRecording;
  playable: Playable;
  label: string;
}) {
  const { state } = usePlayer();
  if (!recording.available) {
    return (
      <EmptyState>
        Van deze uitzending is (nog) geen opname beschikbaar. Opnames blijven een paar dagen bewaard.
      </EmptyState>
    );
  }
  const current = !state.isLiveMode && state.playable?.id === playable.id;
  return (
    <div className="broadcast-recording">
      <ListenButton playable={playable} label={label} />
      {recording.durationSeconds !== null && (
        <span className="card__meta">Duur {formatDuration(recording.durationSeconds)}</span>
      )}
      {recording.gaps.length > 0 && (
        <ul className="broadcast-recording__gaps" aria-label="Ontbreekt in de opname">
          {recording.gaps.map((gap) => (
            <li key={gap.from}>{gapNotice(gap)}; de speler slaat het over.</li>
          ))}
        </ul>
      )}
      {current && state.lastPlayerApiError && (
        <ErrorState
          title="De opname kan niet worden afgespeeld"
          message="Probeer het later opnieuw, of luister naar de live radio."
        />
      )}
    </div>
  );
}

/** The hours of a broadcast as links to their pages; `current` is the hour shown, if any. */
function HourNav({
  hours,
  broadcastId,
  current,
}: {
  hours: BroadcastData['hours'];
  broadcastId: number;
  current?: string;
}) {
  const { state } = usePlayer();
  if (hours.length < 2 && !current) return null;
  // The hour the player is in: once an hour is over the next one plays (its queue), so the page's
  // own hour is no longer what is heard, and the list says which one is (issue 51 polish).
  const heard = state.isLiveMode ? undefined : state.playable?.id;
  return (
    <nav className="broadcast-hours" aria-label="Per uur terugluisteren">
      <ul>
        {hours.map((h) => {
          const range = formatTimeRange(h.from, h.until);
          const playing = heard === broadcastHourId(broadcastId, h) && (
            <span className="broadcast-hours__playing"> Nu te horen</span>
          );
          if (h.url === current) {
            return (
              <li key={h.url}>
                <span className="broadcast-hours__hour" aria-current="page">
                  {range}
                  {playing}
                </span>
              </li>
            );
          }
          return (
            <li key={h.url}>
              {h.ended ? (
                <AppLink className="broadcast-hours__hour" to={h.url}>
                  {range}
                  {playing}
                </AppLink>
              ) : (
                <span className="broadcast-hours__hour">{range}</span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Tracks named by spec §3 (the server's names) in a compact list: time, title and artist on one line, and a
 * button that plays from the track. A track still inside its channel's live-rewind window starts the
 * channel there ('Luister vanaf hier', issue 49: the listener goes on towards live, with now-playing
 * following); an older one starts the recording at the track's place in it, as does every track
 * while that recording is what the listener hears.
 */
function CompactTracks({
  empty,
  tracks,
  channel,
  playable,
}: {
  empty: string;
  tracks: BroadcastTrack[];
  channel: string;
  playable: Playable | null;
}) {
  const playFrom = usePlayFrom(playable);
  const recordedAt = useRewindRecordedAt(channel);
  const { state } = usePlayer();
  // While the listener hears this recording, a track seeks in it.
  const inRewind = (track: BroadcastTrack) =>
    recordedAt(Date.parse(track.from)) &&
    !(playable && !state.isLiveMode && state.playable?.id === playable.id);
  // While the player loads, its commands are ignored (spec §4): the buttons say so.
  const busy = usePlayerBusy();
  if (!tracks.length) return <EmptyState>{empty}</EmptyState>;
  return (
    <ol className="compact-tracks" aria-label="Gedraaide nummers">
      {tracks.map((track) => {
        const t = displayTrack(track);
        return (
          <li key={t.id} className="compact-tracks__item">
            <time className="compact-tracks__time" dateTime={track.from}>
              {t.time}
            </time>
            <span className="compact-tracks__text">
              <span className="compact-tracks__name">
                {t.url && t.url !== '#' ? <AppLink to={t.url}>{t.name}</AppLink> : t.name}
              </span>
              {t.artist && <span className="compact-tracks__artist"> · {t.artist}</span>}
            </span>
            {inRewind(track) ? (
              <ListenFromHere channel={channel} from={track.from} name={t.name} />
            ) : (
              playable && (
                <button
                  type="button"
                  className={busyClassName('button button--small compact-tracks__seek', busy)}
                  {...busyControlProps(busy)}
                  aria-label={`${playFromLabel(track.offsetSeconds)}: ${t.name}`}
                  onClick={() => playFrom(track.offsetSeconds)}
                >
                  {formatOffset(track.offsetSeconds)}
                </button>
              )
            )}
          </li>
        );
      })}
    </ol>
  );
}
