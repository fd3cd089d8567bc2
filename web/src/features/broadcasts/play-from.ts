import { usePlayer, type Playable } from '../player';

/** Starts `playable` at `offset`, or seeks there when it is the one already loaded. */
export function usePlayFrom(playable: Playable | null) {
  const { state, commands } = usePlayer();
  return (offset: number) => {
    if (!playable) return;
    const loaded = !state.isLiveMode && state.playable?.id === playable.id;
    if (loaded) commands.seekTo(offset);
    else commands.playPlayable(playable, offset);
  };
}
