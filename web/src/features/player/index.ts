// The persistent player: what other features may use.
export { PlayerProvider, usePlayer } from './player-context';
export { MiniPlayer } from './mini-player';
export type { Playable, PlayerConfig } from './player-state';
export { ListenButton } from './listen-button';
export { episodePlayable, fragmentPlayable } from './playables';
