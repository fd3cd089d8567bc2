export { LivePage } from './live-page';
