// The volume button with its vertical slider (spec §2, §9): the button mutes and unmutes, the
// slider (a 120 px track with 20 px padding, 0-100 %) sets the volume by drag or arrow keys.

import { useId, useState } from 'react';

import { busyClassName, busyControlProps } from './busy-control';
import { usePlayer } from './use-player';
import { isPlayerBusy, volumeIcon } from './player-state';

let volumeSettable: boolean | null = null;

/**
 * Whether this device lets a page set the volume: iOS keeps an audio element's volume at 1 (the
 * hardware buttons decide), so a volume slider there would do nothing and is not shown.
 */
export function canSetVolume(): boolean {
  if (volumeSettable === null) {
    try {
      const probe = document.createElement('audio');
      probe.volume = 0.5;
      volumeSettable = probe.volume === 0.5;
    } catch {
      volumeSettable = false;
    }
  }
  return volumeSettable;
}

export function VolumeIcon({ level }: { level: 'full' | 'reduced' | 'muted' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 9v6h4l5 5V4L8 9H4z" fill="currentColor" />
      {level !== 'muted' && (
        <path d="M16 8.5a4.5 4.5 0 0 1 0 7" stroke="currentColor" strokeWidth="2" fill="none" />
      )}
      {level === 'full' && (
        <path d="M18.5 5.5a8 8 0 0 1 0 13" stroke="currentColor" strokeWidth="2" fill="none" />
      )}
      {level === 'muted' && <path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" strokeWidth="2" />}
    </svg>
  );
}

export function VolumeControl() {
  const { state, commands } = usePlayer();
  const [open, setOpen] = useState(false);
  const sliderId = useId();
  const level = volumeIcon(state.playerVolume, state.isPlayerMuted);
  const percent = Math.round((state.isPlayerMuted ? 0 : state.playerVolume) * 100);
  const busy = isPlayerBusy(state);
  return (
    <div
      className={`volume${open ? ' is-open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        className={busyClassName('mini-player__icon-button', busy)}
        {...busyControlProps(busy)}
        aria-label={state.isPlayerMuted ? 'Geluid aan' : 'Geluid uit'}
        aria-pressed={state.isPlayerMuted}
        onClick={() => commands.toggleMute()}
      >
        <VolumeIcon level={level} />
      </button>
      <div className="volume__popover">
        <label htmlFor={sliderId} className="visually-hidden">
          Volume
        </label>
        <input
          id={sliderId}
          className={busyClassName('volume__slider', busy)}
          {...busyControlProps(busy)}
          type="range"
          min={0}
          max={100}
          step={1}
          value={percent}
          aria-valuetext={`${percent} procent`}
          onChange={(event) => commands.setVolume(Number(event.target.value) / 100)}
        />
      </div>
    </div>
  );
}
