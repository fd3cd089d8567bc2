export { VideosPage } from './videos-page';
