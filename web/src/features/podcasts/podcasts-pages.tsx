import type { PodcastData, PodcastEpisode, PodcastEpisodeData, PodcastsData } from '../../api/types';
import type { PageProps } from '../../app/page-types';
import { AppLink } from '../../components/app-link';
import { AudioClip } from '../../components/audio-clip';
import { PodcastCard, CardList } from '../../components/cards';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { durationLabel, formatDuration, formatPublished } from '../../lib/format-date';
import { UNKNOWN_PROGRAMME_IMAGE, presetImageUrl } from '../../lib/images';
import { routes } from '../../lib/routes';

/** All podcast feeds. */
export function PodcastsPage({ data }: PageProps<PodcastsData>) {
  return (
    <div className="page">
      <PageHeading>Podcasts</PageHeading>
      <CardList
        items={data.feeds}
        keyOf={(f) => f.slug}
        render={(f) => <PodcastCard feed={f} />}
        empty="Geen podcasts gevonden."
        label="Podcasts"
      />
    </div>
  );
}

function EpisodeItem({ episode }: { episode: PodcastEpisode }) {
  return (
    <li className="episode">
      <h3 className="episode__title">
        <AppLink to={routes.podcastAflevering(episode.feedSlug, episode.id, episode.slug)}>
          {episode.title}
        </AppLink>
      </h3>
      <p className="card__meta">
        <time dateTime={episode.publishedAt}>{formatPublished(episode.publishedAt)}</time>
        {' · '}
        <span aria-label={durationLabel(episode.durationSeconds)}>
          {formatDuration(episode.durationSeconds)}
        </span>
      </p>
      <p className="card__text">{episode.description}</p>
      <AudioClip src={episode.audioUrl} title={episode.title} />
    </li>
  );
}

function FeedHeader({ feed, heading }: { feed: PodcastData['feed']; heading: boolean }) {
  return (
    <header className="detail-header">
      <Image
        className="detail-header__image"
        src={presetImageUrl(feed.imageUrl, 'PODCAST_ITEM', UNKNOWN_PROGRAMME_IMAGE)}
        fallback={UNKNOWN_PROGRAMME_IMAGE}
        alt=""
        width={281}
        height={211}
        eager
      />
      <div>
        <p className="card__kicker">Podcast · {feed.author}</p>
        {heading ? (
          <PageHeading>{feed.title}</PageHeading>
        ) : (
          <p className="detail-header__feed">
            <AppLink to={routes.podcast(feed.slug)}>{feed.title}</AppLink>
          </p>
        )}
        {heading && <p className="page-intro">{feed.description}</p>}
      </div>
    </header>
  );
}

/** One feed with its episodes. */
export function PodcastPage({ data }: PageProps<PodcastData>) {
  return (
    <div className="page">
      <FeedHeader feed={data.feed} heading />
      <Section title="Afleveringen">
        {data.episodes.length ? (
          <ul className="episode-list">
            {data.episodes.map((e) => (
              <EpisodeItem key={e.id} episode={e} />
            ))}
          </ul>
        ) : (
          <EmptyState>Geen afleveringen gevonden.</EmptyState>
        )}
      </Section>
    </div>
  );
}

/** One episode with real audio. */
export function EpisodePage({ data }: PageProps<PodcastEpisodeData>) {
  const { episode, feed } = data;
  return (
    <div className="page">
      <FeedHeader feed={feed} heading={false} />
      <PageHeading>{episode.title}</PageHeading>
      <p className="card__meta">
        <time dateTime={episode.publishedAt}>{formatPublished(episode.publishedAt)}</time>
      </p>
      <AudioClip src={episode.audioUrl} title={episode.title} durationSeconds={episode.durationSeconds} />
      <p className="prose">{episode.description}</p>
      <p>
        <AppLink to={routes.podcast(feed.slug)}>Alle afleveringen van {feed.title}</AppLink>
      </p>
    </div>
  );
}
