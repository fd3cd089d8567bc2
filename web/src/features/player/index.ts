// The persistent player: what other features may use.
export { PlayerProvider, usePlayer } from './player-context';
export { MiniPlayer } from './mini-player';
export type { Playable, PlayerConfig } from './player-state';
export { ListenButton } from './listen-button';
export { episodePlayable, fragmentPlayable } from './playables';
// The live info and play API calls, for pages that show or play a channel's live state themselves.
export { fetchMiniplayerInfo, fetchPlayApi, streamUrlFor } from './player-api';
export { buildLiveState, type LiveState } from './live-state';
