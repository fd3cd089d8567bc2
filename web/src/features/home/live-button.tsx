// The play action of a channel on the home page: starts that channel live in the mini player, or
// stops it when it is the one playing.

import type { ChannelSummary } from '../../api/types';
import { busyClassName, busyControlProps, usePlayer, usePlayerBusy } from '../player';

export function LiveButton({ channel, compact = false }: { channel: ChannelSummary; compact?: boolean }) {
  const { state, commands } = usePlayer();
  const current = state.isLiveMode && state.channel?.id === channel.slug;
  const playing = current && state.isPlaying;
  // While the player loads, its commands are ignored (spec §4): every channel's button says so.
  const busy = usePlayerBusy();
  const label = playing ? `Stop ${channel.name}` : `Luister live naar ${channel.name}`;
  return (
    <button
      type="button"
      className={busyClassName(
        `button live-button${compact ? ' button--small' : ''}${playing ? ' live-button--playing' : ''}`,
        busy,
      )}
      aria-pressed={playing}
      {...busyControlProps(busy)}
      aria-busy={busy}
      aria-label={compact ? label : undefined}
      disabled={current && state.isPlayerUnavailable}
      onClick={() => (current ? commands.togglePlaying() : commands.changeChannel(channel.slug))}
    >
      <span aria-hidden="true" className="live-button__icon">
        {playing ? '■' : '▶'}
      </span>{' '}
      {compact ? (playing ? 'Stop' : 'Luister') : playing ? 'Stop' : 'Luister live'}
    </button>
  );
}
