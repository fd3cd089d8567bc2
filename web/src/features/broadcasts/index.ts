export { BroadcastHourPage, BroadcastPage, BroadcastsPage } from './broadcasts-pages';
