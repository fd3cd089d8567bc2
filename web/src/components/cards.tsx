import type { ReactNode } from 'react';
import type {
  ArticleCard as ArticleCardData,
  Broadcast,
  Fragment,
  RecordedHour,
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
import { IMAGE_PRESETS, UNKNOWN_PROGRAMME_IMAGE, responsiveImage } from '../lib/images';
import { routes } from '../lib/routes';
import { AppLink } from './app-link';
import { ArticleCategoryBadge } from './chips';
import { Image } from './image';
import { useListHeading } from './heading-level';
import { EmptyState } from './states';
import { SpokenAs } from './spoken-as';

/**
 * The frame every card shares: a responsive image of a preset (spec §9; the unknown-programme image
 * when it is missing), lazily loaded, then a body with an optional kicker above the title link.
 */
function Card({
  imageUrl,
  preset,
  title,
  to,
  kicker,
  person = false,
  overImage,
  children,
}: {
  imageUrl: string;
  preset: keyof typeof IMAGE_PRESETS;
  title: string;
  to: string;
  kicker?: ReactNode;
  person?: boolean;
  /** A control drawn over the picture (a fragment's play button). */
  overImage?: ReactNode;
  children?: ReactNode;
}) {
  const Heading = useListHeading();
  const image = (
    <Image
      className={person ? 'card__image card__image--round' : 'card__image'}
      {...responsiveImage(imageUrl, preset, UNKNOWN_PROGRAMME_IMAGE)}
      fallback={UNKNOWN_PROGRAMME_IMAGE}
      alt=""
    />
  );
  return (
    <article className={person ? 'card card--person' : 'card'}>
      {overImage ? (
        <div className="card__media">
          {image}
          {overImage}
        </div>
      ) : (
        image
      )}
      <div className="card__body">
        {kicker}
        <Heading className="card__title">
          <AppLink className="card__link" to={to}>
            {title}
          </AppLink>
        </Heading>
        {children}
      </div>
    </article>
  );
}

/** A news article card: image, category, title, intro, age. */
export function ArticleCard({ article, app }: { article: ArticleCardData; app?: boolean }) {
  return (
    <Card
      imageUrl={article.imageUrl}
      preset="ARTICLE_CARD"
      title={article.title}
      to={routes.artikel(article.category.slug, article.id, article.slug, { app: app ?? false })}
      kicker={<ArticleCategoryBadge article={article} />}
    >
      <p className="card__text">{article.intro}</p>
      <p className="card__meta">
        <time dateTime={article.publishedAt}>{formatPublished(article.publishedAt)}</time>
      </p>
    </Card>
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

/**
 * A fragment card. `action` is its play button, given by the page, drawn over the picture: it plays
 * the fragment in the mini player (with the fragments after it as the queue), so that only one
 * audio plays at a time. The picture itself carries no play symbol (issue 39 #1).
 */
export function FragmentCard({ fragment, action }: { fragment: Fragment; action?: ReactNode }) {
  return (
    <Card
      imageUrl={fragment.imageUrl}
      preset="FRAGMENT_CARD"
      title={fragment.title}
      to={fragmentUrl(fragment)}
      kicker={fragment.programme && <p className="card__kicker">{fragment.programme.name}</p>}
      overImage={action}
    >
      <p className="card__meta">
        <time dateTime={fragment.publishedAt}>{formatPublished(fragment.publishedAt)}</time>
        {' · '}
        <SpokenAs
          text={formatDuration(fragment.durationSeconds)}
          spoken={durationLabel(fragment.durationSeconds)}
        />
      </p>
    </Card>
  );
}

/** A podcast feed card. */
export function PodcastCard({ feed }: { feed: PodcastFeed }) {
  return (
    <Card imageUrl={feed.imageUrl} preset="PODCAST_ITEM" title={feed.title} to={routes.podcast(feed.slug)}>
      <p className="card__text">{feed.description}</p>
      <p className="card__meta">
        {feed.author} · {feed.episodeCount} {feed.episodeCount === 1 ? 'aflevering' : 'afleveringen'}
      </p>
    </Card>
  );
}

/** A programme card. */
export function ProgrammeCard({ programme }: { programme: ProgrammeCardData }) {
  return (
    <Card
      imageUrl={programme.imageUrl}
      preset="LIST_ITEM"
      title={programme.name}
      to={routes.programma(programme.slug)}
      kicker={<p className="card__kicker">{programme.channel.name}</p>}
    >
      <p className="card__text">{programme.summary}</p>
      <p className="card__meta">
        {programme.schedule}
        {programme.presenters.length > 0 && <> · Met {programme.presenters.map((p) => p.name).join(' & ')}</>}
      </p>
    </Card>
  );
}

/** A presenter card. */
export function PresenterCard({ presenter }: { presenter: PresenterCardData }) {
  return (
    <Card
      imageUrl={presenter.imageUrl}
      preset="ARTIST_ITEM"
      title={presenter.name}
      to={routes.presentatoren(presenter.slug)}
      person
    >
      <p className="card__meta">{presenter.role}</p>
    </Card>
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
  return (
    <Card
      imageUrl={broadcast.imageUrl}
      preset="BROADCAST_TILE"
      title={broadcast.title}
      to={broadcastUrl(broadcast)}
      kicker={<p className="card__kicker">{broadcast.channel.name}</p>}
    >
      <p className="card__meta">
        <time dateTime={broadcast.from}>{formatPublished(broadcast.from)}</time>
        {' · '}
        {formatTimeRange(broadcast.from, broadcast.until)}
      </p>
      {broadcast.presenters.length > 0 && (
        <p className="card__text">Met {broadcast.presenters.map((p) => p.name).join(' & ')}</p>
      )}
    </Card>
  );
}

/** An hour of a missed broadcast (spec §9's slot label), linking to the hour's page. */
export function BroadcastHourCard({ item }: { item: RecordedHour }) {
  return (
    <Card
      imageUrl={item.imageUrl}
      preset="BROADCAST_TILE"
      title={item.title}
      to={item.hour.url}
      kicker={<p className="card__kicker">{item.channel.name}</p>}
    >
      <p className="card__meta">
        <time dateTime={item.hour.from}>{item.hour.label}</time>
      </p>
      {item.presenters.length > 0 && (
        <p className="card__text">Met {item.presenters.map((p) => p.name).join(' & ')}</p>
      )}
    </Card>
  );
}

/** Cards in a grid, or a Dutch empty state when there are none. */
export function CardList<T>({
  items,
  keyOf,
  render,
  empty,
  label,
}: {
  items: T[];
  keyOf: (item: T) => string | number;
  /** The card of `item`; `index` is its place in `items`. */
  render: (item: T, index: number) => ReactNode;
  empty: string;
  label?: string;
}) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <CardGrid label={label}>
      {items.map((item, index) => (
        <CardGridItem key={keyOf(item)}>{render(item, index)}</CardGridItem>
      ))}
    </CardGrid>
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
