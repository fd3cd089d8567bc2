// One of the mini player's action buttons (spec §2) with the availability rules of spec §6: the bar
// shows the two of the reading's buttonConfig, and the pop-out window, which stands in for the bar,
// the same two.

import { useLocation } from 'react-router';

import { useRouteDefaults } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { routes } from '../../lib/routes';
import { busyClassName, busyControlProps } from './busy-control';
import { usePlayer } from './use-player';
import { isPlayerBusy, type ActionButton, type PlayerState } from './player-state';

export function ActionLink({
  kind,
  state,
  channelSlug,
}: {
  kind: ActionButton;
  state: PlayerState;
  channelSlug: string;
}) {
  const defaults = useRouteDefaults();
  const location = useLocation();
  const { commands } = usePlayer();
  const unavailable = state.isPlayerUnavailable;
  let label: string;
  let to: string | null = null;
  let disabled = unavailable;
  switch (kind) {
    case 'gedraaid': {
      label = 'Gedraaid';
      to = routes.gedraaid({ channel: channelSlug }, defaults);
      const here = new URLSearchParams(location.search).get('channel') ?? defaults.defaultChannel;
      disabled ||= location.pathname.startsWith('/gedraaid') && here === channelSlug;
      break;
    }
    case 'gemist':
      label = 'Gemist';
      to = routes.uitzendingen();
      break;
    case 'visual-radio':
      label = 'Kijk live';
      to = routes.live(state.channel?.id, defaults);
      disabled ||= !state.isVisualRadioAvailable;
      break;
    case 'luister-live':
      label = 'Luister live';
      break;
  }
  if (state.isAdBreak) disabled = true;
  if (to === null) {
    // 'Luister live' is a command (spec §4), ignored while the player loads.
    const busy = !disabled && isPlayerBusy(state);
    return (
      <button
        type="button"
        className={busyClassName('mini-player__action', busy)}
        {...busyControlProps(busy)}
        disabled={disabled}
        onClick={() => {
          if (!busy) commands.listenLive();
        }}
      >
        {label}
      </button>
    );
  }
  if (disabled) {
    return (
      <span className="mini-player__action is-disabled" aria-disabled="true">
        {label}
      </span>
    );
  }
  return (
    <AppLink className="mini-player__action" to={to}>
      {label}
    </AppLink>
  );
}
