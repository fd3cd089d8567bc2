export { BroadcastPage, BroadcastsPage } from './broadcasts-pages';
