export { EpisodePage, PodcastPage, PodcastsPage } from './podcasts-pages';
