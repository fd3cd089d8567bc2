// A button that plays an on-demand item in the mini player, and shows when it is the one playing.

import { usePlayer } from './player-context';
import type { Playable } from './player-state';

export function ListenButton({ playable, label = 'Luister' }: { playable: Playable; label?: string }) {
  const { state, commands } = usePlayer();
  const current = !state.isLiveMode && state.playable?.id === playable.id;
  const playing = current && state.isPlaying;
  return (
    <button
      type="button"
      className="button listen-button"
      aria-pressed={playing}
      onClick={() => (current ? commands.togglePlaying() : commands.playPlayable(playable))}
    >
      {playing ? 'Pauze' : current ? 'Verder luisteren' : label}
    </button>
  );
}
