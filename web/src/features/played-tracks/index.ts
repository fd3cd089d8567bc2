export { PlayedTracksPage } from './played-tracks-page';
