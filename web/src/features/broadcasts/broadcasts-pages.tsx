import { useId } from 'react';
import { useNavigate } from 'react-router';
import type { BroadcastData, BroadcastsData } from '../../api/types';
import type { PageProps } from '../../app/page-types';
import { useSite } from '../../app/site-context';
import { AppLink } from '../../components/app-link';
import { AudioClip } from '../../components/audio-clip';
import { BroadcastCard, CardList } from '../../components/cards';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { TrackList } from '../../components/track-list';
import { formatBroadcastSlot, formatTimeRange } from '../../lib/format-date';
import { UNKNOWN_PROGRAMME_IMAGE, presetImageUrl } from '../../lib/images';
import { routes } from '../../lib/routes';

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
        empty="Geen uitzendingen gevonden."
        label="Uitzendingen"
      />
    </div>
  );
}

/** One broadcast: its recording and the tracks played during it. */
export function BroadcastPage({ data }: PageProps<BroadcastData>) {
  const { broadcast } = data;
  const classical = useSite().channels.some((c) => c.slug === broadcast.channel.slug && c.classical);
  return (
    <div className="page">
      <header className="detail-header">
        <Image
          className="detail-header__image"
          src={presetImageUrl(broadcast.imageUrl, 'BROADCAST_TILE', UNKNOWN_PROGRAMME_IMAGE)}
          fallback={UNKNOWN_PROGRAMME_IMAGE}
          alt=""
          width={320}
          height={214}
          eager
        />
        <div>
          <p className="card__kicker">{broadcast.channel.name}</p>
          <PageHeading>{broadcast.title}</PageHeading>
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
              <AppLink to={routes.programma(broadcast.programme.slug)}>
                Naar {broadcast.programme.name}
              </AppLink>
            </p>
          )}
        </div>
      </header>
      {broadcast.audioUrl ? (
        <AudioClip src={broadcast.audioUrl} title={broadcast.title} />
      ) : (
        <p className="state state--empty">Van deze uitzending is geen opname beschikbaar.</p>
      )}
      <Section title="Gedraaid in deze uitzending">
        {data.tracks.length ? (
          <TrackList tracks={data.tracks} classical={classical} label="Gedraaide nummers" />
        ) : (
          <EmptyState>Geen nummers gevonden.</EmptyState>
        )}
      </Section>
    </div>
  );
}
