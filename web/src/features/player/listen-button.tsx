// A button that plays an on-demand item in the mini player, and shows when it is the one playing.

import type { Fragment } from '../../api/types';
import { busyClassName, busyControlProps } from './busy-control';
import { fragmentPlayable } from './playables';
import { usePlayer } from './use-player';
import { isPlayerBusy, type Playable } from './player-state';

/** `title`: what the button plays, for its accessible name where several sit on one page. */
export function ListenButton({
  playable,
  label = 'Luister',
  title,
  overImage = false,
}: {
  playable: Playable;
  label?: string;
  title?: string;
  /** Drawn over a card's picture, with a play or pause symbol before the text. */
  overImage?: boolean;
}) {
  const { state, commands } = usePlayer();
  const current = !state.isLiveMode && state.playable?.id === playable.id;
  const playing = current && state.isPlaying;
  const text = playing ? 'Pauze' : current ? 'Verder luisteren' : label;
  const busy = isPlayerBusy(state);
  return (
    <button
      type="button"
      className={busyClassName(`button listen-button${overImage ? ' listen-button--over-image' : ''}`, busy)}
      {...busyControlProps(busy)}
      aria-pressed={playing}
      aria-label={title ? `${text}: ${title}` : undefined}
      onClick={() => (current ? commands.togglePlaying() : commands.playPlayable(playable))}
    >
      {overImage && (
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d={playing ? 'M7 5h4v14H7zM13 5h4v14h-4z' : 'M8 5v14l11-7z'} fill="currentColor" />
        </svg>
      )}
      {text}
    </button>
  );
}

/**
 * A fragment card's play button, over its picture: the fragment in the mini player, the ones after
 * it as its queue.
 */
export function FragmentListenButton({ fragment, following }: { fragment: Fragment; following: Fragment[] }) {
  return <ListenButton playable={fragmentPlayable(fragment, following)} title={fragment.title} overImage />;
}
