// The on-demand playing position and duration, sampled twice a second while an item is loaded.

import { useCallback, useEffect, useState } from 'react';
import type { PlaybackTime } from './audio-engine';
import { usePlayer } from './use-player';

/**
 * The time (null in live mode: a live stream has no position to show), and a function that samples
 * it at once, for a seek that should show its new position without waiting for the next tick.
 */
export function usePlaybackTime(): [PlaybackTime | null, () => void] {
  const { state, commands } = usePlayer();
  const [time, setTime] = useState<PlaybackTime | null>(null);
  const refresh = useCallback(() => setTime(commands.time()), [commands]);
  useEffect(() => {
    if (state.isLiveMode) {
      setTime(null);
      return;
    }
    refresh();
    const timer = window.setInterval(refresh, 500);
    return () => window.clearInterval(timer);
  }, [state.isLiveMode, refresh]);
  return [state.isLiveMode ? null : time, refresh];
}
