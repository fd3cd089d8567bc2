import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useReducer } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { SiteProvider } from '../../lib/site-context';
import { radio1, radio2, site } from '../../test/fixtures';
import { infoFor } from '../../test/player-server';
import { ExpandedPlayerDialog } from './expanded-player-dialog';
import { buildTrack, type Track } from './live-state';
import type { InfoTrackPlay } from './miniplayer-info';
import { PlayerContext, type PlayerCommands } from './use-player';
import {
  clampPosition,
  initialPlayerState,
  playerReducer,
  type Playable,
  type PlayerState,
} from './player-state';

function playable(id: string, extra: Partial<Playable> = {}): Playable {
  return {
    id,
    name: `Item ${id}`,
    type: 'fragment',
    queue: [],
    player: { tokenUrl: `/api/play/fragment/${id}`, parameters: [] },
    imageUrl: `/media/${id}.webp`,
    ...extra,
  };
}

const popoutInfo = infoFor(site, 'radio2');

/** A stand-in for the audio element: a position and a duration the commands move. */
interface FakeEngine {
  position: number;
  duration: number;
}

/**
 * The expanded player over the real reducer: each command dispatches the reducer action the real
 * player dispatches, and moves the fake engine as the real engine would.
 */
function Harness({
  initial,
  engine,
  spies,
  onClose = () => undefined,
}: {
  initial: PlayerState;
  engine: FakeEngine;
  spies: Partial<PlayerCommands>;
  onClose?: () => void;
}) {
  const [state, dispatch] = useReducer(playerReducer, initial);
  const commands = useMemo<PlayerCommands>(
    () => ({
      togglePlaying: () => dispatch({ type: 'togglePlaying' }),
      startPlaying: () => dispatch({ type: 'play' }),
      stopPlaying: () => dispatch({ type: 'paused' }),
      positionSeek: (position) => {
        dispatch({ type: 'seek', position });
        engine.position = Math.min(engine.duration, clampPosition(position));
      },
      seekTo: (position) => dispatch({ type: 'seek', position }),
      setVolume: (volume) => dispatch({ type: 'setVolume', volume }),
      toggleMute: () => dispatch({ type: 'mutePlayer' }),
      changeChannel: spies.changeChannel ?? (() => undefined),
      listenLive: () => {
        spies.listenLive?.();
        dispatch({ type: 'listenToLive', live: { isVisualRadioAvailable: false } });
      },
      playPlayable: (item, startAt) => {
        spies.playPlayable?.(item, startAt);
        dispatch({ type: 'setPlayable', playable: item });
        engine.position = 0;
      },
      playLatestNews: spies.playLatestNews ?? (() => undefined),
      hide: () => dispatch({ type: 'paused' }),
      seekLive: spies.seekLive ?? (() => undefined),
      skipLive: spies.skipLive ?? (() => undefined),
      goLive: spies.goLive ?? (() => undefined),
      listenFrom: spies.listenFrom ?? (() => undefined),
      restartProgramme: spies.restartProgramme ?? (() => undefined),
      livePosition: spies.livePosition ?? (() => ({ instant: null, window: null })),
      rewindWindow: spies.rewindWindow ?? (() => Promise.resolve(null)),
      setExpanded: (expanded) => dispatch({ type: 'setPlayerState', state: { isPlayerExpanded: expanded } }),
      time: () => ({
        duration: engine.duration,
        position: engine.position,
        progress: (engine.position / engine.duration) * 100,
      }),
    }),
    [engine, spies],
  );
  return (
    <SiteProvider site={site}>
      <MemoryRouter>
        <PlayerContext.Provider value={{ state, commands, info: popoutInfo, engine: null }}>
          <ExpandedPlayerDialog onClose={onClose} />
          <output data-testid="state">
            {JSON.stringify({
              seek: state.seekPosition,
              live: state.isLiveMode,
              id: state.playable?.id ?? null,
            })}
          </output>
        </PlayerContext.Provider>
      </MemoryRouter>
    </SiteProvider>
  );
}

function onDemand(item: Playable): PlayerState {
  return playerReducer(playerReducer(initialPlayerState('music'), { type: 'setPlayable', playable: item }), {
    type: 'setLoadingPlayer',
    value: false,
  });
}

const observed = () =>
  JSON.parse(screen.getByTestId('state').textContent ?? '{}') as {
    seek?: number;
    live: boolean;
    id: string | null;
  };

describe('ExpandedPlayer on demand', () => {
  const long = 'Minister: snel meer geld voor de zorg in de regio, en ook voor de jeugd';
  const item = playable('a', {
    name: long,
    subtitle: 'De Ochtendploeg',
    queue: [playable('b'), playable('c', { subtitle: 'De Middagshow' })],
  });

  it('is a modal dialog named by the whole title, with the artwork and the show', () => {
    render(<Harness initial={onDemand(item)} engine={{ position: 65, duration: 1500 }} spies={{}} />);
    const dialog = screen.getByRole('dialog', { name: long });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(long);
    expect(dialog).toHaveTextContent('De Ochtendploeg');
    expect(dialog.querySelector('img.expanded-player__artwork')).toHaveAttribute('src', '/media/a.webp');
    expect(screen.getByRole('button', { name: 'Speler sluiten' })).toHaveFocus();
  });

  it('seeks with the slider and skips back 15 s and forward 30 s through the reducer', async () => {
    const engine = { position: 65, duration: 1500 };
    render(<Harness initial={onDemand(item)} engine={engine} spies={{}} />);
    const slider = screen.getByRole('slider', { name: 'Positie' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(slider).toHaveAttribute('max', '1500');
    expect(slider).toHaveValue('65');
    expect(slider).toHaveAttribute('aria-valuetext', '1 minuut 5 seconden van 25 minuten');
    expect(screen.getByText('1:05')).toBeInTheDocument();
    expect(screen.getByText('-23:55')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '30 seconden vooruit' }));
    expect(observed().seek).toBe(95);
    expect(slider).toHaveValue('95');

    await userEvent.click(screen.getByRole('button', { name: '15 seconden terug' }));
    expect(observed().seek).toBe(80);

    // Moving the slider (a real range input; the keyboard is tested in Chromium) goes there.
    fireEvent.change(slider, { target: { value: '600' } });
    expect(observed().seek).toBe(600);
    expect(slider).toHaveValue('600');
    expect(screen.getByText('-15:00')).toBeInTheDocument();
  });

  it('plays a queued item by click, with the items after it as its queue', async () => {
    const playPlayable = vi.fn();
    render(
      <Harness initial={onDemand(item)} engine={{ position: 0, duration: 30 }} spies={{ playPlayable }} />,
    );
    const queue = screen.getByRole('region', { name: 'Hierna' });
    await userEvent.click(within(queue).getByRole('button', { name: /Item b/ }));
    expect(playPlayable).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'b', queue: [expect.objectContaining({ id: 'c' })] }),
      undefined,
    );
    expect(observed().id).toBe('b');
    expect(screen.getByRole('dialog', { name: 'Item b' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Hierna' })).getAllByRole('button')).toHaveLength(1);
  });

  it("goes back to live with 'Luister live', and offers the bulletin and the channel switch", async () => {
    const listenLive = vi.fn();
    const playLatestNews = vi.fn();
    render(
      <Harness
        initial={onDemand(item)}
        engine={{ position: 0, duration: 30 }}
        spies={{ listenLive, playLatestNews }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Laatste journaal' }));
    expect(playLatestNews).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Luister live' }));
    expect(listenLive).toHaveBeenCalledTimes(1);
    expect(observed().live).toBe(true);
    // Live: no seek bar, no skips, no 'Luister live'.
    expect(screen.queryByRole('slider', { name: 'Positie' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '30 seconden vooruit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Luister live' })).not.toBeInTheDocument();
  });

  it('shows a missed broadcast position as the time it was on air', async () => {
    const broadcast = playable('x', { type: 'broadcast', broadcastFrom: '2026-11-21T17:00:00Z' });
    render(<Harness initial={onDemand(broadcast)} engine={{ position: 5000, duration: 21600 }} spies={{}} />);
    expect(await screen.findByText('uitgezonden om 19:23')).toBeInTheDocument();
    expect(document.querySelector('.expanded-player__kicker')).toHaveTextContent('Gemist');
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    render(
      <Harness
        initial={onDemand(item)}
        engine={{ position: 0, duration: 30 }}
        spies={{}}
        onClose={onClose}
      />,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness initial={onDemand(item)} engine={{ position: 0, duration: 30 }} spies={{}} />);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 25; i += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});

describe('ExpandedPlayer live', () => {
  function song(id: number, name: string, from: string, radioTracks: InfoTrackPlay['radioTracks']): Track {
    const play: InfoTrackPlay = {
      id,
      from,
      until: from.replace(/:00$/, ':30'),
      song: name,
      artist: 'De Golven',
      coverUrl: null,
      isAvailable: true,
      radioTracks,
      classicalData: null,
      cmsChartEditionPositions: [],
    };
    const track = buildTrack(play, false);
    if (!track) throw new Error('no track');
    return track;
  }

  it("links the song on air and the songs before it to their pages (spec §3 Track's url)", () => {
    const now = song(1, 'Zomeravond', '2026-11-21 12:10:00', {
      id: 42,
      name: 'Zomeravond',
      slug: 'zomeravond',
    });
    const before = song(2, 'Regen', '2026-11-21 12:06:00', { id: 43, name: 'Regen', slug: 'regen' });
    const unknown = song(3, 'Onbekend', '2026-11-21 12:02:00', null);
    const initial: PlayerState = {
      ...initialPlayerState('music'),
      track: now,
      tracks: [now, before, unknown],
    };
    render(<Harness initial={initial} engine={{ position: 0, duration: 0 }} spies={{}} />);
    const music = screen.getByRole('region', { name: 'Muziek' });
    expect(within(music).getByRole('link', { name: 'Zomeravond' })).toHaveAttribute(
      'href',
      '/nummers/42/zomeravond',
    );
    expect(within(music).getByRole('link', { name: 'Regen' })).toHaveAttribute('href', '/nummers/43/regen');
    // Without radioTracks the url is '#': the name stays text.
    expect(music).toHaveTextContent('Onbekend');
    expect(within(music).queryByRole('link', { name: 'Onbekend' })).toBeNull();
  });
});

describe("ExpandedPlayer: 'Terug naar het begin' (live rewind)", () => {
  const show = {
    broadcasters: [],
    from: '2026-11-21 12:00:00',
    until: '2026-11-21 14:00:00',
    fromToTime: '12:00–14:00',
    imageUrls: { url360: '/s/360.webp', url600: '/s/600.webp', url1200: '/s/1200.webp' },
    name: 'De Middagshow',
    presentersRaw: [],
    slug: 'de-middagshow',
    url: null,
  };

  it('rewinds live to the programme on air, with the broadcast to play on demand where nothing is recorded', async () => {
    const restartProgramme = vi.fn();
    const initial: PlayerState = {
      ...initialPlayerState('music'),
      isLoadingPlayer: false,
      show: { ...show, broadcastId: 77 },
    };
    render(
      <Harness initial={initial} engine={{ position: 0, duration: 7200 }} spies={{ restartProgramme }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Terug naar het begin' }));
    expect(restartProgramme).toHaveBeenCalledTimes(1);
    const [item] = restartProgramme.mock.calls[0] as [Playable];
    expect(item).toMatchObject({
      id: 'broadcast-77',
      name: 'De Middagshow',
      type: 'broadcast',
      player: { tokenUrl: '/api/play/broadcast/77' },
    });
    // Live mode keeps its skips: 15 seconds back, and forward only once behind live.
    expect(screen.getByRole('button', { name: '15 seconden terug' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '15 seconden vooruit' })).toBeDisabled();
  });

  it('is not offered for a show the live data give no broadcast for', () => {
    render(
      <Harness
        initial={{ ...initialPlayerState('music'), show }}
        engine={{ position: 0, duration: 0 }}
        spies={{}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Terug naar het begin' })).toBeNull();
  });
});

describe('ExpandedPlayer: what the bar leaves out on a phone is here, under the same rules (spec §2, §6)', () => {
  function live(channel: typeof radio2, extra: Partial<PlayerState> = {}): PlayerState {
    const state = playerReducer(initialPlayerState(channel.playerMode), {
      type: 'listenToLive',
      live: {
        channel: { id: channel.slug, name: channel.name },
        isVisualRadioAvailable: channel.hasVisualRadio,
      },
    });
    return { ...state, isLoadingPlayer: false, isChannelPickerPresent: true, ...extra };
  }
  const render_ = (initial: PlayerState) =>
    render(<Harness initial={initial} engine={{ position: 0, duration: 30 }} spies={{}} />);
  const links = () => screen.getByRole('navigation', { name: 'Meer van deze zender' });
  const labels = (container: HTMLElement) =>
    [...container.querySelectorAll('a, button, [aria-disabled]')].map((el) => el.textContent);

  it("live on a music channel: 'Gedraaid', 'Gemist', the bulletin, the pop-out, the channel switch, the volume", () => {
    render_(live(radio2));
    expect(within(links()).getByRole('link', { name: 'Gedraaid' })).toHaveAttribute('href', '/gedraaid');
    expect(within(links()).getByRole('link', { name: 'Gemist' })).toHaveAttribute('href', '/uitzendingen');
    expect(labels(links())).toEqual(['Gedraaid', 'Gemist']);
    expect(screen.getByRole('button', { name: 'Laatste journaal' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Open in venster' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^Zender:/ })).toHaveTextContent('Ether Radio 2');
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeInTheDocument();
  });

  it("live on a talk channel with visual radio: 'Kijk live' too", () => {
    render_(live(radio1));
    expect(labels(links())).toEqual(['Gedraaid', 'Gemist', 'Kijk live']);
    expect(within(links()).getByRole('link', { name: 'Kijk live' })).toHaveAttribute(
      'href',
      '/live?channel=radio1',
    );
  });

  it("reading A without visual radio: 'Kijk live' is there, disabled, as in the bar", () => {
    render_(live({ ...radio1, hasVisualRadio: false }));
    expect(labels(links())).toEqual(['Gedraaid', 'Gemist', 'Kijk live']);
    expect(within(links()).getByText('Kijk live')).toHaveAttribute('aria-disabled', 'true');
  });

  it('the player unavailable: the links are disabled, as in the bar', () => {
    render_(live(radio2, { isPlayerUnavailable: true }));
    expect(within(links()).queryAllByRole('link')).toEqual([]);
    expect(within(links()).getByText('Gedraaid')).toHaveAttribute('aria-disabled', 'true');
    expect(within(links()).getByText('Gemist')).toHaveAttribute('aria-disabled', 'true');
  });

  it("on demand: 'Luister live', and 'Open in venster' disabled (spec §6)", () => {
    render_(onDemand(playable('a')));
    expect(screen.getByRole('button', { name: 'Luister live' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Open in venster' })).toBeDisabled();
  });

  it("on demand, 'Luister live' is disabled while the player is unavailable", () => {
    render_({ ...onDemand(playable('a')), isPlayerUnavailable: true });
    expect(screen.getByRole('button', { name: 'Luister live' })).toBeDisabled();
  });
});

describe("ExpandedPlayer's pill: what plays, not the last live channel (issue 39)", () => {
  it('on demand it names the item and where it comes from, and offers no channel switch', () => {
    const initial: PlayerState = {
      ...onDemand(playable('x', { type: 'broadcast', subtitle: 'Ether Radio 1' })),
      channel: { id: 'radio5', name: 'Ether Radio 5' },
      isChannelPickerPresent: true,
    };
    render(<Harness initial={initial} engine={{ position: 0, duration: 30 }} spies={{}} />);
    const pill = document.querySelector('.expanded-player__pill');
    expect(pill).toHaveTextContent('Gemist · Ether Radio 1');
    expect(screen.getByRole('dialog')).not.toHaveTextContent('Ether Radio 5');
    expect(screen.queryByRole('button', { name: /^Zender:/ })).toBeNull();
  });

  it('a fragment: its kind and its programme', () => {
    render(
      <Harness
        initial={onDemand(playable('f', { subtitle: 'De Ochtendploeg' }))}
        engine={{ position: 0, duration: 30 }}
        spies={{}}
      />,
    );
    expect(document.querySelector('.expanded-player__pill')).toHaveTextContent('Fragment · De Ochtendploeg');
  });

  it('a podcast episode without a subtitle: its kind', () => {
    render(
      <Harness
        initial={onDemand(playable('e', { type: 'episode' }))}
        engine={{ position: 0, duration: 30 }}
        spies={{}}
      />,
    );
    expect(document.querySelector('.expanded-player__pill')).toHaveTextContent(/^Podcast$/);
  });
});
