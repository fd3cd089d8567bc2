// The mini player of spec §2: a fixed bar at the bottom of every page (75 px, 86 px on large
// screens) with artwork and progress, the show or song text, the action buttons around the play
// button, and on large screens the channel dropdown, the volume slider and 'Open in venster'.

import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';

import { useRouteDefaults, useSite } from '../../app/site-context';
import { AppLink } from '../../components/app-link';
import { routes } from '../../lib/routes';
import type { PlaybackTime } from './audio-engine';
import { ChannelPicker } from './channel-picker';
import { nowPlayingItems, type NowPlayingItem } from './now-playing';
import { playbackClockText } from './playback-clock';
import { usePlayer } from './player-context';
import type { ActionButton, PlayerState } from './player-state';
import { VolumeControl } from './volume-control';
import './mini-player.css';

const ExpandedPlayer = lazy(() => import('./expanded-player').then((m) => ({ default: m.ExpandedPlayer })));

/** spec §9: the play button's click animation. */
export const PLAY_ANIMATION_MS = 300;

function useRotation(items: NowPlayingItem[], alternate: boolean) {
  const [index, setIndex] = useState(0);
  const current = items[index % Math.max(1, items.length)] ?? items[0];
  const key = items.map((i) => `${i.kind}:${i.title}`).join('|');
  useEffect(() => {
    setIndex(0);
  }, [key]);
  useEffect(() => {
    if (!alternate || items.length < 2 || !current) return;
    const timer = window.setTimeout(() => setIndex((i) => i + 1), current.durationMs);
    return () => window.clearTimeout(timer);
  }, [alternate, items.length, current, index]);
  return { current, cycle: index };
}

function ActionLink({
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
    return (
      <button
        type="button"
        className="mini-player__action"
        disabled={disabled}
        onClick={() => commands.listenLive()}
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

function PlayIcon({ mode }: { mode: 'play' | 'stop' | 'pause' }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      {mode === 'play' && <path d="M8 5v14l11-7z" fill="currentColor" />}
      {mode === 'stop' && <rect x="6" y="6" width="12" height="12" rx="1" fill="currentColor" />}
      {mode === 'pause' && <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />}
    </svg>
  );
}

function PlayButton() {
  const { state, commands } = usePlayer();
  const [pressed, setPressed] = useState(false);
  const mode = !state.isPlaying ? 'play' : state.isLiveMode ? 'stop' : 'pause';
  const label = mode === 'play' ? 'Afspelen' : mode === 'stop' ? 'Stop' : 'Pauze';
  useEffect(() => {
    if (!pressed) return;
    const timer = window.setTimeout(() => setPressed(false), PLAY_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [pressed]);
  return (
    <button
      type="button"
      className={`mini-player__play${pressed ? ' is-pressed' : ''}${state.isLoadingPlayer ? ' is-loading' : ''}`}
      aria-label={label}
      title={label}
      data-mode={mode}
      aria-busy={state.isLoadingPlayer}
      disabled={state.isPlayerUnavailable || state.isAdBreak}
      onClick={() => {
        setPressed(true);
        commands.togglePlaying();
      }}
    >
      <PlayIcon mode={mode} />
    </button>
  );
}

/** On demand: the playing position and duration (seconds), sampled twice a second. */
function usePlaybackTime(): PlaybackTime | null {
  const { state, commands } = usePlayer();
  const [time, setTime] = useState<PlaybackTime | null>(null);
  useEffect(() => {
    if (state.isLiveMode) {
      setTime(null);
      return;
    }
    setTime(commands.time());
    const timer = window.setInterval(() => setTime(commands.time()), 500);
    return () => window.clearInterval(timer);
  }, [state.isLiveMode, commands]);
  return state.isLiveMode ? null : time;
}

function Progress({ time }: { time: PlaybackTime | null }) {
  if (!time) return null;
  return (
    <span className="mini-player__progress" aria-hidden="true">
      <span style={{ width: `${time.progress}%` }} />
    </span>
  );
}

/** On demand: the position and the duration (h:mm:ss, spec §9) of the sampled playback time. */
function PlaybackClock({ time }: { time: PlaybackTime | null }) {
  if (!time) return null;
  const clock = playbackClockText(time);
  return (
    <span className="mini-player__clock">
      <span aria-hidden="true">
        <span className="mini-player__position">{clock.position}</span>
        {clock.duration && (
          <>
            {' / '}
            <span className="mini-player__duration">{clock.duration}</span>
          </>
        )}
      </span>
      <span className="visually-hidden">{clock.label}</span>
    </span>
  );
}

function NowPlayingText({ items, alternate }: { items: NowPlayingItem[]; alternate: boolean }) {
  const { current, cycle } = useRotation(items, alternate);
  const song = items.find((i) => i.kind === 'song');
  if (!current) return null;
  return (
    <span className="mini-player__text">
      <span className="mini-player__title" key={`${current.kind}-${cycle}`}>
        <span className="mini-player__scroll">{current.title}</span>
      </span>
      <span className="mini-player__subtitle">
        {current.subtitle}
        {current.broadcasters.length > 0 && (
          <span className="mini-player__broadcasters"> · {current.broadcasters.join(', ')}</span>
        )}
      </span>
      {alternate && items.length > 1 && (
        <span
          className="mini-player__cycle"
          key={`cycle-${cycle}`}
          style={{ animationDuration: `${current.durationMs}ms` }}
          aria-hidden="true"
        />
      )}
      <span className="visually-hidden" aria-live="polite">
        {song ? `Nu: ${song.title} van ${song.subtitle}` : ''}
      </span>
    </span>
  );
}

/** The bar itself. `hidden` follows the special path rules (spec §2): hidden, it stops playback. */
export function MiniPlayer({ hidden }: { hidden: boolean }) {
  const site = useSite();
  const { state, commands, info } = usePlayer();
  const navigation = useNavigation();
  const location = useLocation();
  const panelId = useId();
  const wasHidden = useRef(hidden);
  const time = usePlaybackTime();

  useEffect(() => {
    if (hidden && !wasHidden.current && state.isPlaying) commands.stopPlaying();
    wasHidden.current = hidden;
  }, [hidden, state.isPlaying, commands]);

  // spec §2: the expanded player collapses when a route change completes.
  useEffect(() => {
    if (navigation.state === 'idle') commands.setExpanded(false);
  }, [location.pathname, location.search, navigation.state, commands]);

  if (hidden) return null;

  const channelSlug = state.channel?.id || site.defaultChannel;
  const channelName =
    state.channel?.name || site.channels.find((c) => c.slug === channelSlug)?.name || site.name;
  const items = nowPlayingItems(state);
  const alternate = state.isLiveMode && !state.isSongHiddenForLiveRadio;
  const left: ActionButton = state.isLiveMode ? state.buttonConfig.actionButtonLeft : 'luister-live';
  const right = state.buttonConfig.actionButtonRight;
  const popout = info?.data.coreChannels.data[0]?.links[0]?.value;
  const showPicker =
    site.channels.length > 1 &&
    state.isChannelPickerPresent &&
    state.isLiveMode &&
    Boolean(state.channel?.id);
  const message: ReactNode = state.isPlayerUnavailable
    ? state.isLiveMode
      ? 'Live data tijdelijk niet beschikbaar'
      : '...'
    : null;

  return (
    <section
      id="player-slot"
      className={`mini-player${state.isPlayerExpanded ? ' is-expanded' : ''}${state.isAdBreak ? ' is-ad-break' : ''}`}
      aria-label="Radiospeler"
    >
      {state.isPlayerExpanded && (
        <div id={panelId} className="mini-player__panel">
          <Suspense fallback={<p className="mini-player__panel-loading">Speler laden…</p>}>
            <ExpandedPlayer />
          </Suspense>
        </div>
      )}
      <div className="mini-player__bar">
        <button
          type="button"
          className="mini-player__info"
          aria-expanded={state.isPlayerExpanded}
          aria-controls={panelId}
          onClick={() => commands.setExpanded(!state.isPlayerExpanded)}
        >
          <span className="mini-player__artwork">
            <img
              src={state.activeImageUrl ?? '/images/unknown_programme.webp'}
              alt=""
              width={85}
              height={85}
            />
            <Progress time={time} />
          </span>
          {message ? (
            <span className="mini-player__text">
              <span className="mini-player__title">{channelName}</span>
              <span className="mini-player__subtitle mini-player__unavailable">{message}</span>
            </span>
          ) : (
            <NowPlayingText items={items} alternate={alternate} />
          )}
          <span className="visually-hidden">
            {state.isPlayerExpanded ? 'Speler inklappen' : 'Speler uitklappen'}
          </span>
        </button>

        <PlaybackClock time={time} />

        <div className="mini-player__controls">
          <ActionLink kind={left} state={state} channelSlug={channelSlug} />
          <PlayButton />
          <ActionLink kind={right} state={state} channelSlug={channelSlug} />
          <button
            type="button"
            className="mini-player__action mini-player__news"
            disabled={state.isAdBreak}
            onClick={() => commands.playLatestNews()}
          >
            Laatste journaal
          </button>
        </div>

        <div className="mini-player__side">
          {showPicker && <ChannelPicker />}
          <VolumeControl />
          <button
            type="button"
            className="mini-player__icon-button"
            disabled={!state.isLiveMode || !popout}
            onClick={() => {
              if (popout) window.open(popout, 'ether-popout', 'width=700,height=700,toolbar=no,status=no');
            }}
          >
            Open in venster
          </button>
        </div>
      </div>
    </section>
  );
}
