// The mini player of spec §2: a fixed bar at the bottom of every page (75 px, 86 px on large
// screens) with artwork and progress, the show or song text (with the broadcasters' icons), the
// action buttons around the play button, and on large screens the expand trigger, the channel
// dropdown, the volume slider and 'Open in venster'. What a smaller screen leaves out of the bar,
// the expanded player has (its info area opens it on every screen).

import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';

import { useSite } from '../../lib/site-context';
import { ActionLink } from './action-link';
import { useBackCloses } from './back-closes';
import type { PlaybackTime } from './audio-engine';
import { busyClassName, busyControlProps } from './busy-control';
import { ChannelPicker, usePickerChannels } from './channel-picker';
import type { ShowBroadcaster } from './live-state';
import { nowPlayingItems, playingAnnouncement, type NowPlayingItem } from './now-playing';
import { PLAY_BUTTON_ID, PlayButton } from './play-button';
import { playbackClockText } from './playback-clock';
import { usePlayer } from './use-player';
import { PopoutButton } from './popout-button';
import { ScrollingTitle } from './scrolling-title';
import { AUDIO_ELEMENT_ID, barActionButtons, isChannelDropdownShown, isPlayerBusy } from './player-state';
import { usePlaybackTime } from './use-playback-time';
import { useRotation } from './use-rotation';
import { VolumeControl } from './volume-control';
import './mini-player.css';

export { PLAY_ANIMATION_MS } from './play-button';

// Live rewind's '−12:34' and 'LIVE': loaded once the listener is behind live, with the expanded player.
const BehindLive = lazy(() => import('./expanded-player').then((m) => ({ default: m.BehindLive })));
const ExpandedPlayer = lazy(() =>
  import('./expanded-player-dialog').then((m) => ({ default: m.ExpandedPlayerDialog })),
);

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

/** spec §2 "then broadcaster icons": each broadcaster's logo, named by its alt; its name without one. */
function BroadcasterIcons({ broadcasters }: { broadcasters: ShowBroadcaster[] }) {
  return (
    <span className="mini-player__broadcasters">
      {broadcasters.map((b) =>
        b.logoUrl ? (
          <img
            key={b.slug}
            className="mini-player__broadcaster-icon"
            src={b.logoUrl}
            alt={b.name}
            title={b.name}
            width={22}
            height={22}
          />
        ) : (
          <span key={b.slug} className="mini-player__broadcaster-name">
            {b.name}
          </span>
        ),
      )}
    </span>
  );
}

function NowPlayingText({ items, alternate }: { items: NowPlayingItem[]; alternate: boolean }) {
  const { current, cycle } = useRotation(items, alternate);
  if (!current) return null;
  return (
    <span className="mini-player__text">
      <ScrollingTitle key={`${current.kind}-${cycle}`} text={current.title} />
      <span className="mini-player__subline">
        <span className="mini-player__subtitle">{current.subtitle}</span>
        {current.broadcasters.length > 0 && <BroadcasterIcons broadcasters={current.broadcasters} />}
      </span>
      {alternate && items.length > 1 && (
        <span
          className="mini-player__cycle"
          key={`cycle-${cycle}`}
          style={{ animationDuration: `${current.durationMs}ms` }}
          aria-hidden="true"
        />
      )}
    </span>
  );
}

/**
 * The polite live region: empty until the listener starts playback, then what plays, and again on
 * every change (playingAnnouncement). It is always in the page, so each sentence is a change.
 */
function PlayingAnnouncer() {
  const { state } = usePlayer();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (state.isPlaying) setStarted(true);
  }, [state.isPlaying]);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="player-announcer">
      {playingAnnouncement(state, started || state.isPlaying)}
    </p>
  );
}

/**
 * Hidden while playing, the bar stops playback (spec §4); shown again, it offers to go on where it
 * was, as a visible button, instead of resuming silently or not at all.
 */
function useResumeOffer(hidden: boolean) {
  const site = useSite();
  const { state, commands } = usePlayer();
  const [offer, setOffer] = useState<string | null>(null);
  const wasHidden = useRef(hidden);
  const name = state.isLiveMode ? state.channel?.name || site.name : (state.playable?.name ?? site.name);
  useEffect(() => {
    if (hidden && !wasHidden.current) {
      if (state.isPlaying) setOffer(`Verder luisteren naar ${name}`);
      // Also while it still loads: a start under way would otherwise play under a page with no bar.
      commands.hide();
    }
    wasHidden.current = hidden;
  }, [hidden, state.isPlaying, name, commands]);
  // A video (or any other media of the page) that starts while the radio plays pauses the radio:
  // one thing at a time. Once it pauses (also at its end), the bar offers to go on, as after /live
  // (issue 51, trip 4: the radio stayed off after a video with nothing to say so).
  const latest = useRef({ playing: false, name });
  latest.current = { playing: state.isPlaying, name };
  useEffect(() => {
    let interrupter: EventTarget | null = null;
    // Media events do not bubble; the capture phase sees them at the document, and sees 'play'
    // before the video's own handler pauses the radio.
    const onMedia = (event: Event) => {
      const { target, type } = event;
      if (!(target instanceof HTMLMediaElement) || target.id === AUDIO_ELEMENT_ID) return;
      const { playing, name: playingName } = latest.current;
      if (type === 'play') interrupter = playing ? target : null;
      else if (target === interrupter) {
        interrupter = null;
        if (!playing) setOffer(`Verder luisteren naar ${playingName}`);
      }
    };
    document.addEventListener('play', onMedia, true);
    document.addEventListener('pause', onMedia, true);
    return () => {
      document.removeEventListener('play', onMedia, true);
      document.removeEventListener('pause', onMedia, true);
    };
  }, []);
  // Playing again by any means answers the offer.
  useEffect(() => {
    if (state.isPlaying && !hidden) setOffer(null);
  }, [state.isPlaying, hidden]);
  const accept = useCallback(() => {
    setOffer(null);
    commands.startPlaying();
  }, [commands]);
  const dismiss = useCallback(() => setOffer(null), []);
  return { offer: hidden ? null : offer, accept, dismiss };
}

/** The bar itself. `hidden` follows the special path rules (spec §2): hidden, it stops playback. */
export function MiniPlayer({ hidden }: { hidden: boolean }) {
  const site = useSite();
  const { state, commands } = usePlayer();
  const navigation = useNavigation();
  const location = useLocation();
  const panelId = useId();
  const [time] = usePlaybackTime();
  const { offer, accept, dismiss } = useResumeOffer(hidden);
  const pickerChannelCount = usePickerChannels().length;
  const infoRef = useRef<HTMLButtonElement>(null);
  const expandRef = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const returnFocus = useRef(false);

  // Closed by its button or Escape, the expanded player gives focus back to the trigger that opened
  // it (the info area or the expand button); closed by a route change, focus stays with the new page.
  const toggleExpanded = useCallback(
    (from: HTMLButtonElement | null) => {
      trigger.current = from;
      commands.setExpanded(!state.isPlayerExpanded);
    },
    [commands, state.isPlayerExpanded],
  );
  const closeExpanded = useCallback(() => {
    returnFocus.current = true;
    commands.setExpanded(false);
  }, [commands]);
  useEffect(() => {
    if (state.isPlayerExpanded || !returnFocus.current) return;
    returnFocus.current = false;
    trigger.current?.focus();
    // A trigger the screen no longer shows (the window narrowed meanwhile) takes no focus.
    if (document.activeElement !== trigger.current) infoRef.current?.focus();
  }, [state.isPlayerExpanded]);

  // On a phone, 'back' closes the expanded player rather than leaving the page (issue 39 #9).
  useBackCloses(state.isPlayerExpanded, closeExpanded);

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
  const [left, right] = barActionButtons(state);
  const busy = isPlayerBusy(state);
  const showPicker = isChannelDropdownShown(state, pickerChannelCount);
  const reservePicker = isChannelDropdownShown({ ...state, isLiveMode: true }, pickerChannelCount);
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
            <ExpandedPlayer onClose={closeExpanded} />
          </Suspense>
        </div>
      )}
      <PlayingAnnouncer />
      {offer && (
        <div className="mini-player__resume">
          <button type="button" className="mini-player__resume-button" onClick={accept}>
            {offer}
          </button>
          <button
            type="button"
            className="mini-player__resume-dismiss"
            aria-label="Niet verder luisteren"
            title="Niet verder luisteren"
            onClick={dismiss}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
      <div className="mini-player__bar">
        <button
          ref={infoRef}
          type="button"
          className="mini-player__info"
          aria-expanded={state.isPlayerExpanded}
          aria-controls={panelId}
          onClick={() => toggleExpanded(infoRef.current)}
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
        {state.isLiveMode && state.isBehindLive && (
          <Suspense fallback={null}>
            <BehindLive />
          </Suspense>
        )}

        <div className="mini-player__controls">
          <ActionLink kind={left} state={state} channelSlug={channelSlug} />
          <PlayButton id={PLAY_BUTTON_ID} />
          <ActionLink kind={right} state={state} channelSlug={channelSlug} />
          <button
            type="button"
            className={busyClassName('mini-player__action mini-player__news', busy && !state.isAdBreak)}
            {...busyControlProps(busy && !state.isAdBreak)}
            disabled={state.isAdBreak}
            onClick={() => {
              if (!busy) commands.playLatestNews();
            }}
          >
            Laatste journaal
          </button>
        </div>

        <div className="mini-player__side">
          {showPicker ? (
            <ChannelPicker />
          ) : (
            // On demand the dropdown is not shown (spec §6), but its place is kept: the controls
            // to its left stay under the pointer that started the item (issue 51, trip 2).
            reservePicker && (
              <span className="channel-picker__button mini-player__picker-place" aria-hidden="true">
                {channelName}
              </span>
            )
          )}
          <VolumeControl />
          <PopoutButton className="mini-player__icon-button" />
          {/* spec §2 right side: "either a news element or an expand trigger". */}
          <button
            ref={expandRef}
            type="button"
            className="mini-player__expand"
            aria-label="Volledige speler"
            title="Volledige speler"
            aria-expanded={state.isPlayerExpanded}
            aria-controls={panelId}
            onClick={() => toggleExpanded(expandRef.current)}
          >
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
              <path
                d="M6 15l6-6 6 6"
                stroke="currentColor"
                strokeWidth="2.5"
                fill="none"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
      </div>
    </section>
  );
}
