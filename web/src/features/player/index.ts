// The persistent player: what other features may use.
export { PlayerProvider } from './player-context';
export { usePlayer, usePlayerBusy } from './use-player';
// spec §4: a control that sends a player command shows when the loading player would ignore it.
export { busyClassName, busyControlProps } from './busy-control';
export { MiniPlayer } from './mini-player';
// The phone's back button closes the expanded player: the guard goes in before the router, and an
// in-app navigation first takes the open player's history entry back (main.tsx).
export { installBackGuard, leaveExpandedEntry } from './back-closes';
export { PLAY_BUTTON_ID } from './play-button';
export type { Playable, PlayerConfig } from './player-state';
export { FragmentCards } from './fragment-cards';
export { ListenButton } from './listen-button';
// Live rewind: 'Luister vanaf hier' on a played track inside its channel's window.
export { ListenFromHere, ListenFromHereButton, useRewindRecordedAt } from './listen-from-here';
export { episodePlayable, fragmentPlayable } from './playables';
// The live info and play API calls, for pages that show or play a channel's live state themselves.
export { fetchMiniplayerInfo, fetchPlayApi, streamLocationFor } from './player-api';
export { apiTimeToInstant, buildLiveState, type LiveState } from './live-state';
// The live data every now-playing view shares with the mini player (one feed: SSE and the 20 s poll).
export { useLiveNow, useLiveState, useNewestTrackPlayId } from './use-live-state';
export { liveNowFromLiveState, liveNowFromOnAir, type LiveNow } from './live-now';
// The channel the listener chose last, which a new load starts on (issue 51, trip 5).
export { rememberedChannel } from './remembered-channel';
