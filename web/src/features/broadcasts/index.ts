export { BroadcastHourPage, BroadcastPage, BroadcastsPage } from './broadcasts-pages';
// A broadcast hour's recording in the mini player, started at a moment of it (the song pages).
export { broadcastHourPlayable, followingHours } from './broadcast-playable';
export { usePlayFrom } from './play-from';
