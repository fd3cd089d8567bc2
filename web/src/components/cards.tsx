import type {
  ArticleCard as ArticleCardData,
  Broadcast,
  Fragment,
  PodcastFeed,
  PresenterCard as PresenterCardData,
  ProgrammeCard as ProgrammeCardData,
} from '../api/types';
import {
  durationLabel,
  formatDuration,
  formatPublished,
  formatTimeRange,
  toIsoDate,
} from '../lib/format-date';
import { IMAGE_PRESETS, UNKNOWN_PROGRAMME_IMAGE, presetImageUrl } from '../lib/images';
import { routes } from '../lib/routes';
import { AppLink } from './app-link';
import { AudioClip } from './audio-clip';
import { CategoryBadge } from './chips';
import { Image } from './image';

const size = (preset: keyof typeof IMAGE_PRESETS) => IMAGE_PRESETS[preset][0];

/** A news article card: image, category, title, intro, age. */
export function ArticleCard({ article, app }: { article: ArticleCardData; app?: boolean }) {
  const { width, height } = size('ARTICLE_CARD');
  return (
    <article className="card">
      <Image
        className="card__image"
        src={presetImageUrl(article.imageUrl, 'ARTICLE_CARD', UNKNOWN_PROGRAMME_IMAGE)}
        fallback={UNKNOWN_PROGRAMME_IMAGE}
        alt=""
        width={width}
        height={height}
      />
      <div className="card__body">
        <CategoryBadge category={article.category} />
        <h3 className="card__title">
          <AppLink
            className="card__link"
            to={routes.artikel(article.category.slug, article.id, article.slug, { app: app ?? false })}
          >
            {article.title}
          </AppLink>
        </h3>
        <p className="card__text">{article.intro}</p>
        <p className="card__meta">
          <time dateTime={article.publishedAt}>{formatPublished(article.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}

/** The detail URL of a fragment. */
export function fragmentUrl(fragment: Fragment): string {
  return routes.fragment(
    fragment.programme?.slug,
    fragment.id,
    toIsoDate(fragment.publishedAt),
    fragment.slug,
  );
}

/** A fragment card with real audio. */
export function FragmentCard({ fragment }: { fragment: Fragment }) {
  const { width, height } = size('FRAGMENT_CARD');
  return (
    <article className="card">
      <Image
        className="card__image"
        src={presetImageUrl(fragment.imageUrl, 'FRAGMENT_CARD', UNKNOWN_PROGRAMME_IMAGE)}
        fallback={UNKNOWN_PROGRAMME_IMAGE}
        alt=""
        width={width}
        height={height}
      />
      <div className="card__body">
        {fragment.programme && <p className="card__kicker">{fragment.programme.name}</p>}
        <h3 className="card__title">
          <AppLink className="card__link" to={fragmentUrl(fragment)}>
            {fragment.title}
          </AppLink>
        </h3>
        <p className="card__meta">
          <time dateTime={fragment.publishedAt}>{formatPublished(fragment.publishedAt)}</time>
          {' · '}
          <span aria-label={durationLabel(fragment.durationSeconds)}>
            {formatDuration(fragment.durationSeconds)}
          </span>
        </p>
        <AudioClip src={fragment.audioUrl} title={fragment.title} />
      </div>
    </article>
  );
}

/** A podcast feed card. */
export function PodcastCard({ feed }: { feed: PodcastFeed }) {
  const { width, height } = size('PODCAST_ITEM');
  return (
    <article className="card">
      <Image
        className="card__image"
        src={presetImageUrl(feed.imageUrl, 'PODCAST_ITEM', UNKNOWN_PROGRAMME_IMAGE)}
        fallback={UNKNOWN_PROGRAMME_IMAGE}
        alt=""
        width={width}
        height={height}
      />
      <div className="card__body">
        <h3 className="card__title">
          <AppLink className="card__link" to={routes.podcast(feed.slug)}>
            {feed.title}
          </AppLink>
        </h3>
        <p className="card__text">{feed.description}</p>
        <p className="card__meta">
          {feed.author} · {feed.episodeCount} {feed.episodeCount === 1 ? 'aflevering' : 'afleveringen'}
        </p>
      </div>
    </article>
  );
}

/** A programme card. */
export function ProgrammeCard({ programme }: { programme: ProgrammeCardData }) {
  const { width, height } = size('LIST_ITEM');
  return (
    <article className="card">
      <Image
        className="card__image"
        src={presetImageUrl(programme.imageUrl, 'LIST_ITEM', UNKNOWN_PROGRAMME_IMAGE)}
        fallback={UNKNOWN_PROGRAMME_IMAGE}
        alt=""
        width={width}
        height={height}
      />
      <div className="card__body">
        <p className="card__kicker">{programme.channel.name}</p>
        <h3 className="card__title">
          <AppLink className="card__link" to={routes.programma(programme.slug)}>
            {programme.name}
          </AppLink>
        </h3>
        <p className="card__text">{programme.summary}</p>
        <p className="card__meta">
          {programme.schedule}
          {programme.presenters.length > 0 && (
            <> · Met {programme.presenters.map((p) => p.name).join(' & ')}</>
          )}
        </p>
      </div>
    </article>
  );
}

/** A presenter card. */
export function PresenterCard({ presenter }: { presenter: PresenterCardData }) {
  const { width, height } = size('ARTIST_ITEM');
  return (
    <article className="card card--person">
      <Image
        className="card__image card__image--round"
        src={presetImageUrl(presenter.imageUrl, 'ARTIST_ITEM', UNKNOWN_PROGRAMME_IMAGE)}
        fallback={UNKNOWN_PROGRAMME_IMAGE}
        alt=""
        width={width}
        height={height}
      />
      <div className="card__body">
        <h3 className="card__title">
          <AppLink className="card__link" to={routes.presentatoren(presenter.slug)}>
            {presenter.name}
          </AppLink>
        </h3>
        <p className="card__meta">{presenter.role}</p>
      </div>
    </article>
  );
}

/** The detail URL of a broadcast. */
export function broadcastUrl(broadcast: Broadcast): string {
  return routes.uitzending(
    broadcast.programme?.slug,
    broadcast.id,
    toIsoDate(broadcast.from),
    broadcast.slug,
  );
}

/** A missed-broadcast card with its recording. */
export function BroadcastCard({ broadcast }: { broadcast: Broadcast }) {
  const { width, height } = size('BROADCAST_TILE');
  return (
    <article className="card">
      <Image
        className="card__image"
        src={presetImageUrl(broadcast.imageUrl, 'BROADCAST_TILE', UNKNOWN_PROGRAMME_IMAGE)}
        fallback={UNKNOWN_PROGRAMME_IMAGE}
        alt=""
        width={width}
        height={height}
      />
      <div className="card__body">
        <p className="card__kicker">{broadcast.channel.name}</p>
        <h3 className="card__title">
          <AppLink className="card__link" to={broadcastUrl(broadcast)}>
            {broadcast.title}
          </AppLink>
        </h3>
        <p className="card__meta">
          <time dateTime={broadcast.from}>{formatPublished(broadcast.from)}</time>
          {' · '}
          {formatTimeRange(broadcast.from, broadcast.until)}
        </p>
        {broadcast.presenters.length > 0 && (
          <p className="card__text">Met {broadcast.presenters.map((p) => p.name).join(' & ')}</p>
        )}
      </div>
    </article>
  );
}

/** A responsive grid of cards. */
export function CardGrid({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <div className="card-grid" role="list" aria-label={label}>
      {children}
    </div>
  );
}

/** One grid cell. */
export function CardGridItem({ children }: { children: React.ReactNode }) {
  return (
    <div role="listitem" className="card-grid__item">
      {children}
    </div>
  );
}
