// The play/stop/pause button of spec §2: 'stop' in live mode, 'pause' on demand and behind live
// (live rewind, issue 49), with the 300 ms
// click animation; the mini player's bar and the expanded player both use it.

import { useEffect, useState } from 'react';
import { busyControlProps } from './busy-control';
import { usePlayer } from './use-player';
import { isPlayerBusy } from './player-state';

/** spec §9: the play button's click animation. */
export const PLAY_ANIMATION_MS = 300;

/** The id of the bar's play button: the skip link 'Naar de speler' moves focus there. */
export const PLAY_BUTTON_ID = 'player-play-button';

function PlayIcon({ mode, size }: { mode: 'play' | 'stop' | 'pause'; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {mode === 'play' && <path d="M8 5v14l11-7z" fill="currentColor" />}
      {mode === 'stop' && <rect x="6" y="6" width="12" height="12" rx="1" fill="currentColor" />}
      {mode === 'pause' && <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />}
    </svg>
  );
}

/** spec §9: the spinner's default size, shown in the play button while the player loads. */
export const SPINNER_SIZE = 18;

export function PlayButton({ id, large = false }: { id?: string; large?: boolean }) {
  const { state, commands } = usePlayer();
  const busy = isPlayerBusy(state);
  const [pressed, setPressed] = useState(false);
  // Behind live (live rewind) play pauses where it is, as on demand; at the edge it stops (§2).
  const mode = !state.isPlaying ? 'play' : state.isLiveMode && !state.isBehindLive ? 'stop' : 'pause';
  // An item that played to its end starts again from its beginning.
  const play = state.isPlaybackEnded ? 'Opnieuw afspelen' : 'Afspelen';
  const label = mode === 'play' ? play : mode === 'stop' ? 'Stop' : 'Pauze';
  useEffect(() => {
    if (!pressed) return;
    const timer = window.setTimeout(() => setPressed(false), PLAY_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [pressed]);
  return (
    <button
      id={id}
      type="button"
      className={`mini-player__play${large ? ' mini-player__play--large' : ''}${pressed ? ' is-pressed' : ''}${busy ? ' is-loading' : ''}`}
      aria-label={label}
      title={label}
      data-mode={mode}
      {...busyControlProps(busy)}
      aria-busy={busy}
      disabled={state.isPlayerUnavailable || state.isAdBreak}
      onClick={() => {
        if (busy) return;
        setPressed(true);
        commands.togglePlaying();
      }}
    >
      {busy ? (
        <span
          className="spinner mini-player__spinner"
          style={{ width: SPINNER_SIZE, height: SPINNER_SIZE }}
          aria-hidden="true"
        />
      ) : (
        <PlayIcon mode={mode} size={large ? 36 : 28} />
      )}
    </button>
  );
}
