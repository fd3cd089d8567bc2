export { TrackPage } from './track-page';
