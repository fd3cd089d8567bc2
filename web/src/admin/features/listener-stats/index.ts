// What the listener figures feature offers the other features of the admin.
export { ProgrammeAudience } from './programme-audience';
export { EpisodeDownloads, PodcastDownloads } from './podcast-downloads';
