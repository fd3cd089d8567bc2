import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { BroadcastData, BroadcastsData, BroadcastTrack } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { useSite } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { DetailHeader } from '../../components/detail-header';
import { BroadcastCard, CardList } from '../../components/cards';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState, ErrorState } from '../../components/states';
import { Pagination } from '../../components/pagination';
import { formatBroadcastSlot, formatDuration, formatTimeRange } from '../../lib/format-date';
import { IMAGE_PRESETS } from '../../lib/images';
import { routes } from '../../lib/routes';
import { displayTrack, hasSong, UNKNOWN_TRACK_IMAGE } from '../../lib/track-display';
import { ListenButton, usePlayer, type Playable } from '../player';
import { broadcastPlayable, formatOffset, playFromLabel } from './broadcast-playable';
import './broadcasts.css';

/** Gemist: past broadcasts, filterable by programme. */
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
        keyOf={(b) => b.id}
        render={(b) => <BroadcastCard broadcast={b} />}
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
  const classical = useSite().channels.some((c) => c.slug === broadcast.channel.slug && c.classical);
  const playable = useMemo(() => broadcastPlayable(broadcast), [broadcast]);
  return (
    <div className="page">
      <DetailHeader
        imageUrl={broadcast.imageUrl}
        preset="BROADCAST_TILE"
        kicker={broadcast.channel.name}
        title={broadcast.title}
      >
        <p className="card__meta">
          {formatBroadcastSlot(broadcast.from)} · {formatTimeRange(broadcast.from, broadcast.until)}
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
      <Recording data={data} playable={playable} />
      <Section title="Gedraaid in deze uitzending">
        <BroadcastTracks
          tracks={data.tracks}
          classical={classical}
          playable={data.recording.available ? playable : null}
        />
      </Section>
    </div>
  );
}

/** The play button of the recording, or why there is none; a Dutch error when playing failed. */
function Recording({ data, playable }: { data: BroadcastData; playable: Playable }) {
  const { state } = usePlayer();
  if (!data.recording.available) {
    return (
      <EmptyState>
        Van deze uitzending is (nog) geen opname beschikbaar. Opnames blijven een paar dagen bewaard.
      </EmptyState>
    );
  }
  const current = !state.isLiveMode && state.playable?.id === playable.id;
  return (
    <div className="broadcast-recording">
      <ListenButton playable={playable} label="Luister de uitzending" />
      {data.recording.durationSeconds !== null && (
        <span className="card__meta">Duur {formatDuration(data.recording.durationSeconds)}</span>
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

/** The tracks with the spec §3 naming rules; each starts the recording at its place in it. */
function BroadcastTracks({
  tracks,
  classical,
  playable,
}: {
  tracks: BroadcastTrack[];
  classical: boolean;
  playable: Playable | null;
}) {
  const { state, commands } = usePlayer();
  const shown = tracks.filter(hasSong);
  if (!shown.length) return <EmptyState>In deze uitzending zijn geen nummers gedraaid.</EmptyState>;
  const { width, height } = IMAGE_PRESETS.TRACKPLAY_LIST_ITEM[1];
  const playFrom = (offset: number) => {
    if (!playable) return;
    const loaded = !state.isLiveMode && state.playable?.id === playable.id;
    if (loaded) commands.seekTo(offset);
    else commands.playPlayable(playable, offset);
  };
  return (
    <ol className="track-list" aria-label="Gedraaide nummers">
      {shown.map((track) => {
        const t = displayTrack(track, { classical });
        return (
          <li key={t.id} className={playable ? 'track track--seekable' : 'track'}>
            <time className="track__time" dateTime={track.from}>
              {t.time}
            </time>
            <Image
              className="track__cover"
              src={t.imageUrl}
              fallback={UNKNOWN_TRACK_IMAGE}
              alt=""
              width={width}
              height={height}
            />
            <div className="track__text">
              <span className="track__name">{t.name}</span>
              <span className="track__artist">{t.artist}</span>
              {classical && t.ensemble && <span className="track__ensemble">{t.ensemble}</span>}
            </div>
            {playable && (
              <button
                type="button"
                className="button button--small track__seek"
                aria-label={`${playFromLabel(track.offsetSeconds)}: ${t.name}`}
                onClick={() => playFrom(track.offsetSeconds)}
              >
                Speel vanaf {formatOffset(track.offsetSeconds)}
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
