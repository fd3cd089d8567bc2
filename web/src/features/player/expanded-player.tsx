// The expanded player, loaded on demand (spec §2) when the listener opens the player: a complete
// player on every screen size, as BBC Sounds' full-screen player. Artwork, the title (wrapping, never
// cut) and the show; for on-demand items a seek bar (a real range input) with elapsed and remaining
// time (and the time of day for a missed broadcast), skip back 15 s and forward 30 s, and the queue
// ('Hierna'), each item playable by click; 'Luister live', 'Laatste journaal', the channel switch,
// 'Open in venster' and, where the device allows it, the volume. As a modal dialog it holds focus and
// closes on Escape, and it has every control a smaller screen leaves out of the bar, under the same
// rules (spec §6). In the pop-out window it is the page itself, and stands in for the bar: there it
// follows the reading of spec §4 as the bar does (buttonConfig's action buttons; no song when hidden).

import { useId, useRef, type RefObject } from 'react';
import type { PopoutData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { PageHeading } from '../../components/page-heading';

import { useSite } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { ActionLink } from './action-link';
import type { PlaybackTime } from './audio-engine';
import { busyClassName, busyControlProps } from './busy-control';
import { ChannelPicker, usePickerChannels } from './channel-picker';
import { UNKNOWN_PROGRAMME_IMAGE } from './live-state';
import { PlayButton } from './play-button';
import { LIVE_SKIP_SECONDS } from './live-rewind';
import { BehindLive, LiveRewindBar } from './live-rewind-controls';
import { queueItem, restartPlayable } from './playables';
import { usePlayer } from './use-player';
import {
  barActionButtons,
  isChannelDropdownShown,
  isPlayerBusy,
  volumeIcon,
  type ActionButton,
  type Playable,
  type PlayerState,
} from './player-state';
import { PopoutButton } from './popout-button';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS, hasDuration, seekBarView, skipTarget } from './seek-math';
import { usePlaybackTime } from './use-playback-time';
import { canSetVolume, VolumeIcon } from './volume-control';
import './expanded-player.css';

// The mini player's '−12:34' and 'LIVE' come from this chunk too: one file fewer for the pop-out,
// whose first screen is this player (scripts/bundle-size.mjs), for a lazy load a little larger.
export { BehindLive };

/** What kind of item plays, above its title. */
function kindLabel(playable: Playable): string {
  if (playable.isLatestNews) return 'Journaal';
  switch (playable.type) {
    case 'broadcast':
      return 'Gemist';
    case 'episode':
      return 'Podcast';
    default:
      return 'Fragment';
  }
}

/** What plays on demand, where live the channel pill stands: 'Gemist · Ether Radio 1'. */
function playingPill(playable: Playable): string {
  return [kindLabel(playable), playable.subtitle].filter(Boolean).join(' · ');
}

/**
 * The dialog's links to the channel's pages: the bar's own action buttons (so that none is lost
 * where a small screen hides them), 'Gedraaid' and 'Gemist' always, 'Kijk live' where the channel
 * has visual radio; 'Luister live' is a button of its own.
 */
function dialogLinks(state: PlayerState): ActionButton[] {
  const bar = barActionButtons(state);
  return (['gedraaid', 'gemist', 'visual-radio'] as const).filter(
    (kind) => kind !== 'visual-radio' || state.isVisualRadioAvailable || bar.includes(kind),
  );
}

function SeekBar({
  time,
  playable,
  busy,
  onSeek,
}: {
  time: PlaybackTime | null;
  playable: Playable;
  busy: boolean;
  onSeek: (position: number) => void;
}) {
  const view = seekBarView(time, playable.broadcastFrom);
  if (!view) {
    return (
      <div className="expanded-player__seek">
        <input
          type="range"
          className="expanded-player__range"
          aria-label="Positie"
          min={0}
          max={1}
          value={0}
          disabled
        />
        <p className="expanded-player__times">
          <span>Laden…</span>
        </p>
      </div>
    );
  }
  return (
    <div className="expanded-player__seek">
      <input
        type="range"
        className={busyClassName('expanded-player__range', busy)}
        {...busyControlProps(busy)}
        aria-label="Positie"
        min={0}
        max={view.max}
        step={1}
        value={view.value}
        aria-valuetext={view.valueText}
        onChange={(event) => onSeek(Number(event.target.value))}
      />
      <p className="expanded-player__times" aria-hidden="true">
        <span className="expanded-player__elapsed">{view.elapsed}</span>
        {view.onAir && <span className="expanded-player__on-air">uitgezonden om {view.onAir}</span>}
        <span className="expanded-player__remaining">{view.remaining}</span>
      </p>
    </div>
  );
}

function SkipIcon({ seconds, forward }: { seconds: number; forward: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
      <path
        d={
          forward
            ? 'M12 5V2l5 4-5 4V7a6 6 0 1 0 6 6h2a8 8 0 1 1-8-8z'
            : 'M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z'
        }
        fill="currentColor"
      />
      <text x="12" y="16" textAnchor="middle" fontSize="7" fontWeight="700" fill="currentColor">
        {seconds}
      </text>
    </svg>
  );
}

/** A skip of `seconds` back or forward: on demand in the item, live in the rewind window. */
function SkipButton({
  seconds,
  forward = false,
  busy,
  disabled = false,
  onSkip,
}: {
  seconds: number;
  forward?: boolean;
  busy: boolean;
  disabled?: boolean;
  onSkip: () => void;
}) {
  const label = `${seconds} seconden ${forward ? 'vooruit' : 'terug'}`;
  return (
    <button
      type="button"
      className={busyClassName('expanded-player__icon', busy)}
      {...busyControlProps(busy)}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => {
        if (!busy) onSkip();
      }}
    >
      <SkipIcon seconds={seconds} forward={forward} />
    </button>
  );
}

function Volume() {
  const { state, commands } = usePlayer();
  const percent = Math.round((state.isPlayerMuted ? 0 : state.playerVolume) * 100);
  const busy = isPlayerBusy(state);
  return (
    <div className="expanded-player__volume">
      <button
        type="button"
        className={busyClassName('expanded-player__icon', busy)}
        {...busyControlProps(busy)}
        aria-label={state.isPlayerMuted ? 'Geluid aan' : 'Geluid uit'}
        aria-pressed={state.isPlayerMuted}
        onClick={() => commands.toggleMute()}
      >
        <VolumeIcon level={volumeIcon(state.playerVolume, state.isPlayerMuted)} />
      </button>
      <input
        type="range"
        className={busyClassName('expanded-player__range', busy)}
        {...busyControlProps(busy)}
        aria-label="Volume"
        min={0}
        max={100}
        step={1}
        value={percent}
        aria-valuetext={`${percent} procent`}
        onChange={(event) => commands.setVolume(Number(event.target.value) / 100)}
      />
    </div>
  );
}

export interface ExpandedPlayerProps {
  /** 'dialog': over the page, from the mini player; 'page': the pop-out window's page. */
  variant?: 'dialog' | 'page';
  /** Closes the dialog (the close button and Escape); the caller returns focus to its trigger. */
  onClose?: () => void;
  /** The dialog's panel and close button, for the focus that the dialog holds (expanded-player-dialog). */
  refs?: { panel: RefObject<HTMLDivElement | null>; close: RefObject<HTMLButtonElement | null> };
}

export function ExpandedPlayer({ variant = 'dialog', onClose = () => undefined, refs }: ExpandedPlayerProps) {
  const { state, commands } = usePlayer();
  const site = useSite();
  const [time, refreshTime] = usePlaybackTime();
  const pickerChannelCount = usePickerChannels().length;
  const titleId = useId();
  const ownPanel = useRef<HTMLDivElement>(null);
  const ownClose = useRef<HTMLButtonElement>(null);
  const panelRef = refs?.panel ?? ownPanel;
  const closeRef = refs?.close ?? ownClose;
  const dialog = variant === 'dialog';

  const channelSlug = state.channel?.id || site.defaultChannel;
  const channelName =
    state.channel?.name || site.channels.find((c) => c.slug === channelSlug)?.name || site.name;
  const playable = !state.isLiveMode ? state.playable : undefined;
  const { show, track, upcomingShow } = state;
  const recent = (state.tracks ?? []).slice(track ? 1 : 0, 6);
  const seek = (position: number) => {
    commands.positionSeek(position);
    refreshTime();
  };
  const skip = (delta: number) => seek(skipTarget(commands.time(), delta));
  const showSubtitle = show ? [show.fromToTime, show.presenters].filter(Boolean).join(' · ') : '';
  const busy = isPlayerBusy(state);
  const songShown = !state.isSongHiddenForLiveRadio;
  const dropdown = isChannelDropdownShown(state, pickerChannelCount);
  const restart = !playable && show ? restartPlayable(show, channelName) : null;

  return (
    <div
      ref={panelRef}
      className={`expanded-player expanded-player--${variant}`}
      role={dialog ? 'dialog' : undefined}
      aria-modal={dialog ? true : undefined}
      aria-labelledby={dialog ? titleId : undefined}
    >
      <div className="expanded-player__top">
        {dialog && (
          <button
            ref={closeRef}
            type="button"
            className="expanded-player__icon expanded-player__close"
            aria-label="Speler sluiten"
            title="Speler sluiten"
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path
                d="M6 9l6 6 6-6"
                stroke="currentColor"
                strokeWidth="2.5"
                fill="none"
                strokeLinecap="round"
              />
            </svg>
          </button>
        )}
        {/* On demand the pill says what plays, not the channel that played live before (issue 39). */}
        {dropdown ? (
          <ChannelPicker />
        ) : (
          <p className="expanded-player__pill">{playable ? playingPill(playable) : channelName}</p>
        )}
      </div>

      <div className="expanded-player__main">
        <img
          className="expanded-player__artwork"
          src={state.activeImageUrl ?? UNKNOWN_PROGRAMME_IMAGE}
          alt=""
          width={600}
          height={600}
        />
        <div className="expanded-player__now">
          <p className="expanded-player__kicker">
            {playable ? kindLabel(playable) : <span className="expanded-player__live">Live</span>}
            {playable ? '' : ` op ${channelName}`}
          </p>
          <h2 id={titleId} className="expanded-player__title">
            {playable ? playable.name : (show?.name ?? channelName)}
          </h2>
          {playable
            ? playable.subtitle && <p className="expanded-player__subtitle">{playable.subtitle}</p>
            : showSubtitle && <p className="expanded-player__subtitle">{showSubtitle}</p>}
          {state.isPlayerUnavailable && (
            <p className="expanded-player__unavailable">
              {state.isLiveMode ? 'Live data tijdelijk niet beschikbaar' : '...'}
            </p>
          )}

          {playable ? (
            <SeekBar time={time} playable={playable} busy={busy} onSeek={seek} />
          ) : (
            <LiveRewindBar busy={busy} />
          )}

          <div className="expanded-player__transport">
            {playable ? (
              <SkipButton
                seconds={SKIP_BACK_SECONDS}
                busy={busy}
                disabled={!hasDuration(time)}
                onSkip={() => skip(-SKIP_BACK_SECONDS)}
              />
            ) : (
              <SkipButton
                seconds={LIVE_SKIP_SECONDS}
                busy={busy}
                onSkip={() => commands.skipLive(-LIVE_SKIP_SECONDS)}
              />
            )}
            <PlayButton large />
            {playable ? (
              <SkipButton
                seconds={SKIP_FORWARD_SECONDS}
                forward
                busy={busy}
                disabled={!hasDuration(time)}
                onSkip={() => skip(SKIP_FORWARD_SECONDS)}
              />
            ) : (
              <SkipButton
                seconds={LIVE_SKIP_SECONDS}
                forward
                busy={busy}
                disabled={!state.isBehindLive}
                onSkip={() => commands.skipLive(LIVE_SKIP_SECONDS)}
              />
            )}
          </div>

          <div className="expanded-player__actions">
            {/* In the pop-out, 'Luister live' is one of the bar's action buttons below. */}
            {playable && dialog && <ActionLink kind="luister-live" state={state} channelSlug={channelSlug} />}
            {restart && (
              <button
                type="button"
                className={busyClassName('mini-player__action', busy)}
                {...busyControlProps(busy)}
                onClick={() => {
                  if (!busy) commands.restartProgramme(restart);
                }}
              >
                Terug naar het begin
              </button>
            )}
            <button
              type="button"
              className={busyClassName('mini-player__action', busy && !state.isAdBreak)}
              {...busyControlProps(busy && !state.isAdBreak)}
              disabled={state.isAdBreak}
              onClick={() => {
                if (!busy) commands.playLatestNews();
              }}
            >
              Laatste journaal
            </button>
            {dialog && <PopoutButton className="mini-player__action" />}
          </div>

          {canSetVolume() && <Volume />}

          <nav className="expanded-player__links" aria-label="Meer van deze zender">
            {(dialog ? dialogLinks(state) : barActionButtons(state)).map((kind) => (
              <ActionLink key={kind} kind={kind} state={state} channelSlug={channelSlug} />
            ))}
          </nav>
        </div>
      </div>

      {playable ? (
        playable.queue.length > 0 && (
          <section className="expanded-player__section" aria-labelledby={`${titleId}-queue`}>
            <h3 id={`${titleId}-queue`}>Hierna</h3>
            <ol className="expanded-player__list expanded-player__queue">
              {playable.queue.map((item, index) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={busyClassName('expanded-player__queue-item', busy)}
                    {...busyControlProps(busy)}
                    onClick={() => {
                      const next = queueItem(playable, index);
                      if (next) commands.playPlayable(next);
                    }}
                  >
                    <img src={item.imageUrl ?? UNKNOWN_PROGRAMME_IMAGE} alt="" width={56} height={56} />
                    <span>
                      <span className="visually-hidden">Speel </span>
                      <span className="expanded-player__queue-name">{item.name}</span>
                      {item.subtitle && <span className="expanded-player__queue-sub">{item.subtitle}</span>}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          </section>
        )
      ) : (
        <div className="expanded-player__grid">
          <section className="expanded-player__section" aria-label="Programma">
            <h3>Nu op de radio</h3>
            {show ? (
              <p className="expanded-player__show">
                {show.url ? <AppLink to={show.url}>{show.name}</AppLink> : show.name}
                <br />
                {showSubtitle}
              </p>
            ) : (
              <p>Geen programma-informatie.</p>
            )}
            {upcomingShow && (
              <p className="expanded-player__next">
                Straks: {upcomingShow.name} ({upcomingShow.fromToTime})
              </p>
            )}
          </section>
          {/* The pop-out follows the reading: a hidden song is not shown there (spec §4). */}
          {(dialog || songShown) && (
            <section className="expanded-player__section" aria-label="Muziek">
              <h3>Nu gedraaid</h3>
              {track ? (
                <p className="expanded-player__song">
                  <img src={track.imageUrl} alt="" width={64} height={64} />
                  <span>
                    <strong>
                      {track.url !== '#' ? <AppLink to={track.url}>{track.name}</AppLink> : track.name}
                    </strong>
                    <br />
                    {track.artist}
                  </span>
                </p>
              ) : (
                <p>Er is nu geen nummer bekend.</p>
              )}
              {recent.length > 0 && (
                <>
                  <h4>Eerder</h4>
                  <ol className="expanded-player__list">
                    {recent.map((t) => (
                      <li key={`${t.from}-${t.name}`}>
                        <span className="expanded-player__time">{t.time}</span>{' '}
                        {t.url !== '#' ? <AppLink to={t.url}>{t.name}</AppLink> : t.name} · {t.artist}
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The pop-out window (spec §2 'Open in venster', 700×700): the player alone, playing the channel of
 * its URL, with the full expanded player as its page (in the site's styles; the bar is not shown).
 * Here, not in a file of its own, so that the window's first script is one file fewer.
 */
export function PopoutPage({ data }: PageProps<PopoutData>) {
  return (
    <div className="page popout">
      <PageHeading>{data.channel.name}</PageHeading>
      <section aria-label="Radiospeler">
        <ExpandedPlayer variant="page" />
      </section>
    </div>
  );
}
