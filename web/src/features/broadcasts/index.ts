export { BroadcastHourPage, BroadcastPage, BroadcastsPage } from './broadcasts-pages';
// A broadcast hour's recording in the mini player, started at a moment of it (the song pages).
export { recordedHourOf } from './broadcast-playable';
export { ListenInRecording, useRecordedHourPlayable } from './listen-in-recording';
export { usePlayFrom } from './play-from';
