// Plays a podcast episode in the mini player (on-demand mode), with the episodes after it queued;
// shows whether it is the one playing, loading, or could not be played.

import type { PodcastEpisode } from '../../api/types';
import { busyClassName, busyControlProps, episodePlayable, usePlayer, usePlayerBusy } from '../player';

function Icon({ mode }: { mode: 'play' | 'pause' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {mode === 'play' ? (
        <path d="M8 5v14l11-7z" fill="currentColor" />
      ) : (
        <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
      )}
    </svg>
  );
}

export function EpisodePlayButton({
  episode,
  following,
  label = 'Luister',
  large = false,
}: {
  episode: PodcastEpisode;
  following: PodcastEpisode[];
  label?: string;
  large?: boolean;
}) {
  const { state, commands } = usePlayer();
  const current = !state.isLiveMode && state.playable?.id === `episode-${episode.id}`;
  const playing = current && state.isPlaying;
  const loading = current && state.isLoadingPlayer && !state.isPlaying;
  // While the player loads, its commands are ignored (spec §4): the button says so.
  const busy = usePlayerBusy();
  const failed = current && !state.isPlaying && Boolean(state.lastPlayerApiError);
  const text = playing ? 'Pauze' : loading ? 'Laden…' : current ? 'Verder luisteren' : label;
  return (
    <div className="episode-play">
      <button
        type="button"
        className={busyClassName(`button episode-play__button${large ? '' : ' button--small'}`, busy)}
        aria-pressed={playing}
        {...busyControlProps(busy)}
        aria-busy={loading || busy}
        aria-label={`${text}: ${episode.title}`}
        onClick={() =>
          current ? commands.togglePlaying() : commands.playPlayable(episodePlayable(episode, following))
        }
      >
        <Icon mode={playing ? 'pause' : 'play'} />
        <span aria-hidden="true">{text}</span>
      </button>
      {failed && (
        <p className="episode-play__error" role="alert">
          Deze aflevering kan nu niet worden afgespeeld. Probeer het later opnieuw.
        </p>
      )}
    </div>
  );
}
