// Live rewind's controls (issue 49): the time behind live with the 'LIVE' button that returns to
// the edge (mini player and expanded player), and the expanded player's seek bar over the window
// with the programmes' boundaries marked.

import { useEffect, useRef, useState } from 'react';

import { busyClassName, busyControlProps } from './busy-control';
import {
  behindLiveLabel,
  liveEdgeAt,
  programmeAt,
  rewindBarView,
  rewindKeyValue,
  windowStartAt,
  type RewindWindow,
} from './live-rewind';
import { usePlayer } from './use-player';
import { SpokenAs } from '../../components/spoken-as';

/** How long the seek bar waits after the last move before it plays there (a drag is many moves). */
export const REWIND_SEEK_SETTLE_MS = 350;

/** The listening instant and the window, sampled every half second while the player is behind live. */
function useLivePosition(active: boolean): {
  instant: number | null;
  window: RewindWindow | null;
  now: number;
} {
  const { commands } = usePlayer();
  const [sample, setSample] = useState(() => ({ ...commands.livePosition(), now: Date.now() }));
  useEffect(() => {
    if (!active) return;
    const refresh = () => setSample({ ...commands.livePosition(), now: Date.now() });
    refresh();
    const timer = window.setInterval(refresh, 500);
    return () => window.clearInterval(timer);
  }, [active, commands]);
  return sample;
}

/** '−12:34' and 'LIVE' while the listener is behind live; nothing at the edge. */
export function BehindLive({ className = 'mini-player__behind' }: { className?: string }) {
  const { state, commands } = usePlayer();
  const behind = state.isLiveMode && state.isBehindLive;
  const { instant, now } = useLivePosition(behind);
  if (!behind || instant === null) return null;
  // 'LIVE' plays the present: the time behind it is counted from the clock.
  const label = behindLiveLabel(now - instant);
  return (
    <span className={className}>
      <SpokenAs className={`${className}-time`} text={label} spoken={`${label.slice(1)} achter live`} />
      <button
        type="button"
        className={busyClassName('live-rewind__live', state.isLoadingPlayer)}
        {...busyControlProps(state.isLoadingPlayer)}
        aria-label="Terug naar live"
        title="Terug naar live"
        onClick={() => {
          if (!state.isLoadingPlayer) commands.goLive();
        }}
      >
        LIVE
      </button>
    </span>
  );
}

/**
 * The expanded player's seek bar in live mode: the window from its start to the live edge, one
 * step a quarter minute, the programmes' starts marked and the programme at the position named.
 */
export function LiveRewindBar({ busy }: { busy: boolean }) {
  const { state, commands } = usePlayer();
  const { instant, window: known, now } = useLivePosition(state.isLiveMode);
  const [fetched, setFetched] = useState<RewindWindow | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const settle = useRef<number | undefined>(undefined);
  const channel = state.channel?.id;
  useEffect(() => {
    let current = true;
    if (channel) void commands.rewindWindow().then((w) => current && setFetched(w));
    return () => {
      current = false;
    };
  }, [channel, commands]);
  useEffect(() => () => window.clearTimeout(settle.current), []);
  const rewind = known ?? fetched;
  if (!rewind) return null;
  const edge = liveEdgeAt(rewind, now);
  const position = state.isBehindLive && instant !== null ? instant : edge;
  const view = rewindBarView(rewind, position, now);
  const start = windowStartAt(rewind, now);
  const shownValue = pending ?? view.value;
  const programme = programmeAt(rewind, start + shownValue * 1000);
  // The bar follows at once; the player seeks once the listener stops moving it.
  const seek = (value: number) => {
    setPending(value);
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      setPending(null);
      commands.seekLive(start + value * 1000);
    }, REWIND_SEEK_SETTLE_MS);
  };
  return (
    <div className="live-rewind">
      <div className="live-rewind__track">
        <input
          type="range"
          className={busyClassName('expanded-player__range live-rewind__range', busy)}
          {...busyControlProps(busy)}
          aria-label="Terugluisteren"
          min={0}
          max={view.max}
          step={1}
          value={shownValue}
          aria-valuetext={view.valueText}
          onChange={(event) => seek(Number(event.target.value))}
          onKeyDown={(event) => {
            const value = rewindKeyValue(event.key, shownValue, view.max);
            if (value === null) return;
            event.preventDefault();
            seek(value);
          }}
        />
        <span className="live-rewind__marks" aria-hidden="true">
          {view.marks.map((mark) => (
            <span
              key={mark.fromMs}
              className="live-rewind__mark"
              style={{ left: `${mark.percent}%` }}
              title={`${mark.time} ${mark.name}`}
            />
          ))}
        </span>
      </div>
      <p className="expanded-player__times">
        <span className="live-rewind__programme">
          {programme ? `${programme.name}` : ''}
          {view.marks.length > 0 && (
            <span className="visually-hidden">, {view.marks.length} programma&apos;s in het venster</span>
          )}
        </span>
        {view.behind ? (
          <BehindLive className="live-rewind__behind" />
        ) : (
          <span className="live-rewind__edge">LIVE</span>
        )}
      </p>
    </div>
  );
}
