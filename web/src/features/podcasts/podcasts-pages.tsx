// The podcast pages, laid out like a listening app: square artwork, the feed's description and an
// 'Abonneer via RSS' link, the episodes newest first with date, duration (h:mm:ss, spec §9) and a
// play button that plays the episode in the mini player with the following episodes queued.

import type {
  PodcastData,
  PodcastEpisode,
  PodcastEpisodeData,
  PodcastFeed,
  PodcastsData,
} from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { AppLink } from '../../components/app-link';
import { Image } from '../../components/image';
import { useSite } from '../../lib/site-context';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { UNKNOWN_PROGRAMME_IMAGE, presetImageUrl } from '../../lib/images';
import { routes } from '../../lib/routes';
import { useEpisodeFromApi } from './episode-api';
import { EpisodePlayButton } from './episode-play-button';
import { episodeCountLabel, episodeMeta, followingEpisodes, type EpisodeMeta } from './episodes';
import { useFeedLink } from './feed-link';

function Artwork({ url, size, eager = false }: { url: string; size: number; eager?: boolean }) {
  return (
    <Image
      className="podcast-artwork"
      src={presetImageUrl(url, 'PODCAST_ITEM', UNKNOWN_PROGRAMME_IMAGE)}
      fallback={UNKNOWN_PROGRAMME_IMAGE}
      alt=""
      width={size}
      height={size}
      eager={eager}
    />
  );
}

function RssLink({ feed }: { feed: PodcastFeed }) {
  // A plain link: the feed is an XML document for podcast apps, not a page of the app.
  return (
    <a className="podcast-rss" href={routes.podcastFeed(feed.slug)} type="application/rss+xml">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="6" cy="18" r="2" fill="currentColor" />
        <path
          d="M4 10a10 10 0 0 1 10 10h-2.5A7.5 7.5 0 0 0 4 12.5zM4 4a16 16 0 0 1 16 16h-2.5A13.5 13.5 0 0 0 4 6.5z"
          fill="currentColor"
        />
      </svg>
      Abonneer via RSS<span className="visually-hidden"> op {feed.title}</span>
    </a>
  );
}

/** All podcast feeds as square tiles. */
export function PodcastsPage({ data }: PageProps<PodcastsData>) {
  return (
    <div className="page">
      <PageHeading>Podcasts</PageHeading>
      <p className="page-intro">Luister onze podcasts hier, of abonneer je in je favoriete podcastapp.</p>
      {data.feeds.length ? (
        <ul className="podcast-grid" aria-label="Podcasts">
          {data.feeds.map((feed) => (
            <li key={feed.slug} className="podcast-tile">
              <Artwork url={feed.imageUrl} size={281} />
              <h2 className="podcast-tile__title">
                <AppLink className="podcast-tile__link" to={routes.podcast(feed.slug)}>
                  {feed.title}
                </AppLink>
              </h2>
              <p className="podcast-tile__meta">
                {feed.author} · {episodeCountLabel(feed.episodeCount)}
              </p>
              <p className="podcast-tile__text">{feed.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>Er zijn nog geen podcasts.</EmptyState>
      )}
    </div>
  );
}

/** An episode's date and its duration (h:mm:ss, read out in words). */
function EpisodeDateAndDuration({
  className,
  publishedAt,
  meta,
}: {
  className: string;
  publishedAt: string;
  meta: EpisodeMeta;
}) {
  return (
    <p className={className}>
      <time dateTime={publishedAt}>{meta.date}</time>
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">, duur </span>
      <span className="podcast-episode__duration" aria-hidden="true">
        {meta.duration}
      </span>
      <span className="visually-hidden">{meta.durationLabel}</span>
    </p>
  );
}

function EpisodeRow({
  episode,
  episodes,
  headingLevel,
}: {
  episode: PodcastEpisode;
  episodes: PodcastEpisode[];
  headingLevel: 'h2' | 'h3';
}) {
  const meta = episodeMeta(episode);
  const Heading = headingLevel;
  return (
    <li className="podcast-episode">
      <Artwork url={episode.imageUrl} size={96} />
      <div className="podcast-episode__body">
        <Heading className="podcast-episode__title">
          <AppLink to={routes.podcastAflevering(episode.feedSlug, episode.id, episode.slug)}>
            {episode.title}
          </AppLink>
        </Heading>
        <EpisodeDateAndDuration
          className="podcast-episode__meta"
          publishedAt={episode.publishedAt}
          meta={meta}
        />
        {episode.description && <p className="podcast-episode__text">{episode.description}</p>}
        <EpisodePlayButton episode={episode} following={followingEpisodes(episodes, episode.id)} />
      </div>
    </li>
  );
}

function FeedHero({ feed, episodes }: { feed: PodcastFeed; episodes: PodcastEpisode[] }) {
  const newest = episodes[0];
  return (
    <header className="podcast-hero">
      <Artwork url={feed.imageUrl} size={281} eager />
      <div className="podcast-hero__body">
        <p className="podcast-hero__kicker">Podcast · {feed.author}</p>
        <PageHeading>{feed.title}</PageHeading>
        <p className="podcast-hero__text">{feed.description}</p>
        <p className="podcast-hero__meta">{episodeCountLabel(episodes.length)}</p>
        <div className="podcast-hero__actions">
          {newest && (
            <EpisodePlayButton
              episode={newest}
              following={episodes.slice(1)}
              label="Speel nieuwste aflevering"
              large
            />
          )}
          <RssLink feed={feed} />
        </div>
      </div>
    </header>
  );
}

/** One feed with its episodes, newest first. */
export function PodcastPage({ data }: PageProps<PodcastData>) {
  useFeedLink(data.feed, useSite().baseUrl);
  return (
    <div className="page">
      <FeedHero feed={data.feed} episodes={data.episodes} />
      <Section title="Afleveringen">
        {data.episodes.length ? (
          <ol className="podcast-episodes">
            {data.episodes.map((e) => (
              <EpisodeRow key={e.id} episode={e} episodes={data.episodes} headingLevel="h3" />
            ))}
          </ol>
        ) : (
          <EmptyState>Deze podcast heeft nog geen afleveringen.</EmptyState>
        )}
      </Section>
    </div>
  );
}

/** One episode, playable in the mini player, with the feed's other episodes. */
export function EpisodePage({ data }: PageProps<PodcastEpisodeData>) {
  // spec §7: the page asks GET /api/podcasts/episodes/{id} for its episode.
  const { episode, feed } = useEpisodeFromApi(data);
  useFeedLink(feed, useSite().baseUrl);
  const episodes = data.episodes.some((e) => e.id === episode.id)
    ? data.episodes.map((e) => (e.id === episode.id ? episode : e))
    : [episode, ...data.episodes];
  const meta = episodeMeta(episode);
  const others = episodes.filter((e) => e.id !== episode.id);
  return (
    <div className="page">
      <nav className="podcast-crumbs" aria-label="Kruimelpad">
        <AppLink to={routes.podcasts()}>Podcasts</AppLink>
        <span aria-hidden="true"> › </span>
        <AppLink to={routes.podcast(feed.slug)}>{feed.title}</AppLink>
      </nav>
      <header className="podcast-hero">
        <Artwork url={episode.imageUrl || feed.imageUrl} size={281} eager />
        <div className="podcast-hero__body">
          <p className="podcast-hero__kicker">
            <AppLink to={routes.podcast(feed.slug)}>{feed.title}</AppLink> · {feed.author}
          </p>
          <PageHeading>{episode.title}</PageHeading>
          <EpisodeDateAndDuration
            className="podcast-hero__meta"
            publishedAt={episode.publishedAt}
            meta={meta}
          />
          <div className="podcast-hero__actions">
            <EpisodePlayButton
              episode={episode}
              following={followingEpisodes(episodes, episode.id)}
              label="Luister aflevering"
              large
            />
            <RssLink feed={feed} />
          </div>
        </div>
      </header>
      {episode.description && <p className="prose">{episode.description}</p>}
      <Section title={`Meer van ${feed.title}`}>
        {others.length ? (
          <ol className="podcast-episodes">
            {others.map((e) => (
              <EpisodeRow key={e.id} episode={e} episodes={episodes} headingLevel="h3" />
            ))}
          </ol>
        ) : (
          <EmptyState>Dit is de enige aflevering van deze podcast.</EmptyState>
        )}
      </Section>
    </div>
  );
}
