import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useMemo, useReducer, useState } from 'react';

import type { PageEnvelope, PopoutData, SiteConfig } from '../../api/types';
import { SiteProvider } from '../../lib/site-context';
import { radio1, radio2, radio4, site } from '../../test/fixtures';
import {
  fakeMedia,
  infoFor,
  playerServer,
  testFragment as fragment,
  type PlayerServer,
} from '../../test/player-server';
import type { Show } from './live-state';
import { MiniPlayer } from './mini-player';
import { PlayerProvider } from './player-context';
import { PlayerContext, usePlayer, type PlayerCommands, type PlayerContextValue } from './use-player';
import { initialPlayerState, playerReducer, type PlayerState } from './player-state';
import { POPOUT_FEATURES } from './popout-button';
import { PopoutPage } from './expanded-player';

// The bar and the pop-out window over the real player provider (a stand-in server and media
// element): the two readings of spec §4 field by field, following the channel; autoplay refused;
// and the controls that say the loading player would ignore them.

let server: PlayerServer;
let media: ReturnType<typeof fakeMedia>;

beforeEach(() => {
  server = playerServer(site);
  vi.stubGlobal('fetch', server.fetch);
  media = fakeMedia({ play: 'allow' });
});

afterEach(() => {
  media.restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderWith(element: React.ReactNode, initialChannel = site.defaultChannel) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  return render(
    <SiteProvider site={site}>
      <PlayerProvider site={site} initialChannel={initialChannel}>
        <RouterProvider router={router} />
      </PlayerProvider>
    </SiteProvider>,
  );
}

const bar = () => screen.getByRole('region', { name: 'Radiospeler' });
const controls = () => bar().querySelector<HTMLElement>('.mini-player__controls') as HTMLElement;
const playButton = () => bar().querySelector<HTMLButtonElement>('#player-play-button') as HTMLButtonElement;
const announcer = () => screen.getByTestId('player-announcer');
const cycles = () => bar().querySelector('.mini-player__cycle');

async function barLoaded() {
  await waitFor(() => expect(playButton()).toHaveAttribute('aria-busy', 'false'));
}

describe('the readings in the bar (spec §4 Reading A/B, §2)', () => {
  it('reading B on a music channel: Gedraaid and Gemist, presenters, show and song alternate', async () => {
    renderWith(<MiniPlayer hidden={false} />);
    await barLoaded();
    // buttonConfig: 'gedraaid' left, 'gemist' right.
    const links = within(controls()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Gedraaid', 'Gemist']);
    // The played tracks of the bar's channel (the default channel needs no query).
    expect(links[0]).toHaveAttribute('href', '/gedraaid');
    // isRadioshowTimeVisibleForLiveRadio false: the presenters, not the time.
    expect(bar()).toHaveTextContent('Anna van Ether Radio 2');
    expect(bar()).not.toHaveTextContent('10:00–12:00');
    // isSongHiddenForLiveRadio false: show and song alternate, and the song is what is announced.
    expect(cycles()).not.toBeNull();
    await waitFor(() =>
      expect(announcer()).toHaveTextContent(`Nu te horen: Lied op ${radio2.name} van De Golven`),
    );
  });

  it("switching to a talk channel with visual radio takes reading A: 'Kijk live', the time, no song", async () => {
    renderWith(<MiniPlayer hidden={false} />);
    await barLoaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /Zender:/ }));
    await userEvent.click(await within(bar()).findByRole('button', { name: radio1.name }));
    await waitFor(() => expect(bar()).toHaveTextContent('Show op Ether Radio 1'));
    await barLoaded();
    // buttonConfig: 'gemist' left, 'visual-radio' right, enabled (the channel has visual radio).
    const links = within(controls()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Gemist', 'Kijk live']);
    expect(links[1]).toHaveAttribute('href', expect.stringContaining('radio1'));
    expect(within(controls()).queryByText('Gedraaid')).toBeNull();
    // isRadioshowTimeVisibleForLiveRadio true: the time; isSongHiddenForLiveRadio true: no song.
    expect(bar()).toHaveTextContent('10:00–12:00');
    expect(bar()).not.toHaveTextContent('Anna van Ether Radio 1');
    expect(cycles()).toBeNull();
    expect(bar()).not.toHaveTextContent('Lied op Ether Radio 1');
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('Nu te horen: Show op Ether Radio 1 op Ether Radio 1'),
    );

    // And back: reading B again.
    await userEvent.click(within(bar()).getByRole('button', { name: /Zender:/ }));
    await userEvent.click(await within(bar()).findByRole('button', { name: radio2.name }));
    await waitFor(() => expect(bar()).toHaveTextContent('Anna van Ether Radio 2'));
    await barLoaded();
    expect(
      within(controls())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Gedraaid', 'Gemist']);
    expect(cycles()).not.toBeNull();
  });
});

describe('the pop-out window follows the reading as the bar does', () => {
  function renderPopout(slug: string) {
    const channel = site.channels.find((c) => c.slug === slug) ?? radio2;
    const data: PopoutData = { channel };
    const envelope = { status: 200, route: 'popout', data } as PageEnvelope<PopoutData>;
    renderWith(<PopoutPage data={data} envelope={envelope} />, slug);
  }
  const links = () => screen.getByRole('navigation', { name: 'Meer van deze zender' });

  it("/popout/radio1 (reading A): 'Gemist' and 'Kijk live', and no song", async () => {
    renderPopout('radio1');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Show op'));
    expect(
      within(links())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Gemist', 'Kijk live']);
    expect(screen.queryByRole('region', { name: 'Muziek' })).toBeNull();
    expect(screen.queryByText('Lied op Ether Radio 1')).toBeNull();
  });

  it("/popout/radio2 (reading B): 'Gedraaid' and 'Gemist', and the song", async () => {
    renderPopout('radio2');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Show op'));
    expect(
      within(links())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Gedraaid', 'Gemist']);
    expect(screen.getByRole('region', { name: 'Muziek' })).toHaveTextContent('Lied op Ether Radio 2');
  });
});

describe('autoplay (spec §4 Loading a channel, step 3)', () => {
  it('the first load plays where the browser allows it: the bar shows Stop', async () => {
    renderWith(<MiniPlayer hidden={false} />);
    await waitFor(() => expect(within(bar()).getByRole('button', { name: 'Stop' })).toBeInTheDocument());
  });

  it('where the browser refuses, the bar shows the play button, without an error message', async () => {
    media.setPolicy('refuse');
    renderWith(<MiniPlayer hidden={false} />);
    await waitFor(() => expect(media.calls.play).toBe(1));
    await barLoaded();
    const play = within(bar()).getByRole('button', { name: 'Afspelen' });
    expect(play).toBeEnabled();
    expect(play).not.toHaveAttribute('aria-disabled');
    expect(bar()).not.toHaveTextContent('Live data tijdelijk niet beschikbaar');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("after a video, 'Verder luisteren' (issue 51, trip 4)", () => {
  function videoOnPage() {
    const video = document.createElement('video');
    document.body.append(video);
    // What the page's video player does when it starts: only one thing plays at a time.
    video.addEventListener('play', () =>
      document.getElementById('audio-player-id')?.dispatchEvent(new Event('pause')),
    );
    return video;
  }

  it('offers to go on with the radio once a video that stopped it pauses, and plays it again', async () => {
    renderWith(<MiniPlayer hidden={false} />);
    await waitFor(() => expect(within(bar()).getByRole('button', { name: 'Stop' })).toBeInTheDocument());
    const video = videoOnPage();
    act(() => {
      video.dispatchEvent(new Event('play'));
    });
    await waitFor(() => expect(within(bar()).getByRole('button', { name: 'Afspelen' })).toBeInTheDocument());
    expect(within(bar()).queryByRole('button', { name: /^Verder luisteren/ })).toBeNull();
    act(() => {
      video.dispatchEvent(new Event('pause'));
    });
    const offer = within(bar()).getByRole('button', { name: 'Verder luisteren naar Ether Radio 2' });
    const plays = media.calls.play;
    await userEvent.click(offer);
    await waitFor(() => expect(media.calls.play).toBe(plays + 1));
    await waitFor(() =>
      expect(within(bar()).queryByRole('button', { name: /^Verder luisteren/ })).toBeNull(),
    );
    video.remove();
  });

  it('offers nothing after a video when the radio was not playing', async () => {
    media.setPolicy('refuse');
    renderWith(<MiniPlayer hidden={false} />);
    await barLoaded();
    const video = videoOnPage();
    act(() => {
      video.dispatchEvent(new Event('play'));
      video.dispatchEvent(new Event('pause'));
    });
    expect(within(bar()).queryByRole('button', { name: /^Verder luisteren/ })).toBeNull();
    video.remove();
  });
});

describe('hidden while the radio still loads, nothing starts (spec §4, issue 51)', () => {
  let player: PlayerContextValue;
  let setHidden: (hidden: boolean) => void = () => undefined;
  function HidingBar() {
    const [hidden, set] = useState(false);
    setHidden = set;
    player = usePlayer();
    return <MiniPlayer hidden={hidden} />;
  }

  it('going to /live or an /app/ page during the first load stops its autoplay', async () => {
    server.hold('radio2');
    renderWith(<HidingBar />);
    await waitFor(() => expect(server.calls).toContain('/api/miniplayer/info?channel=radio2'));
    act(() => setHidden(true));
    act(() => server.release('radio2'));
    // The load finished: its live data are applied, and the autoplay it would have started is not.
    await waitFor(() => expect(player.state.show).toBeDefined());
    expect(server.calls).not.toContain('/api/play/live/radio2');
    expect(media.calls.play).toBe(0);
    expect(player.state).toMatchObject({ isPlaying: false, isLoadingPlayer: false });
  });

  it('hiding the bar while a start waits for the play API stops that start', async () => {
    renderWith(<HidingBar />);
    await waitFor(() => expect(player.state.isPlaying).toBe(true));
    await barLoaded();
    act(() => player.commands.togglePlaying());
    await waitFor(() => expect(player.state).toMatchObject({ isPlaying: false, isLoadingPlayer: false }));
    const plays = media.calls.play;
    act(() => {
      player.commands.togglePlaying();
      setHidden(true);
    });
    await waitFor(() => expect(server.calls.filter((c) => c === '/api/play/live/radio2')).toHaveLength(2));
    await act(() => Promise.resolve());
    expect(media.calls.play).toBe(plays);
    expect(player.state).toMatchObject({ isPlaying: false, isLoadingPlayer: false });
  });
});

describe('while the player loads, the controls it would ignore say so (spec §4)', () => {
  it('the play button spins, the volume and the bulletin are busy, and a click changes nothing', async () => {
    server.hold('radio2');
    renderWith(<MiniPlayer hidden={false} />);
    await waitFor(() => expect(server.calls).toContain('/api/player/radio2'));
    expect(playButton()).toHaveAttribute('aria-busy', 'true');
    expect(playButton()).toHaveAttribute('aria-disabled', 'true');
    expect(playButton().querySelector('.spinner')).not.toBeNull();
    const mute = within(bar()).getByRole('button', { name: 'Geluid uit' });
    const news = within(bar()).getByRole('button', { name: 'Laatste journaal' });
    const volume = within(bar()).getByRole('slider', { name: 'Volume' });
    for (const control of [mute, news, volume]) {
      expect(control).toHaveAttribute('aria-disabled', 'true');
      expect(control).toHaveAttribute('aria-busy', 'true');
    }
    // Focusable still, so a keyboard user stays where they were.
    expect(news).toBeEnabled();
    await userEvent.click(mute);
    await userEvent.click(news);
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(server.calls).not.toContain('/api/latestNews');

    act(() => server.release('radio2'));
    await barLoaded();
    for (const control of [mute, news, volume]) {
      expect(control).not.toHaveAttribute('aria-disabled');
      expect(control).not.toHaveAttribute('aria-busy');
    }
    expect(playButton().querySelector('.spinner')).toBeNull();
    await userEvent.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
  });
});

// ---- The bar over a state of the test's own: each rule of spec §2 and §6 on its own. ----

const show: Show = {
  broadcasters: [
    { name: 'Omroep Zuiderzee', slug: 'ozz', logoUrl: '/media/images/broadcasters/zuiderzee.webp' },
    { name: 'De Kustomroep', slug: 'kust' },
  ],
  from: '2026-11-21 10:00:00',
  until: '2026-11-21 12:00:00',
  fromToTime: '10:00–12:00',
  imageUrls: { url360: '/a.webp', url600: '/a.webp', url1200: '/a.webp' },
  name: 'De Middagshow',
  presenters: 'Mira de Vries',
  presentersRaw: [],
  slug: 'de-middagshow',
  url: null,
};

/** Live on `channel`, loaded, with its reading (spec §4), the picker present and a show on air. */
function liveOn(
  channel: { slug: string; name: string; playerMode: 'music' | 'talk' },
  extra: Partial<PlayerState> = {},
) {
  const loaded = playerReducer(initialPlayerState(channel.playerMode), {
    type: 'listenToLive',
    live: { channel: { id: channel.slug, name: channel.name }, show, isVisualRadioAvailable: false },
  });
  return { ...loaded, isLoadingPlayer: false, isChannelPickerPresent: true, ...extra };
}

function onDemand(extra: Partial<PlayerState> = {}): PlayerState {
  return { ...playerReducer(liveOn(radio2), { type: 'setPlayable', playable: fragment }), ...extra };
}

function Bar({
  initial,
  commands,
  siteConfig,
}: {
  initial: PlayerState;
  commands: Partial<PlayerCommands>;
  siteConfig: SiteConfig;
}) {
  const [state, dispatch] = useReducer(playerReducer, initial);
  // Stable, as the provider's commands are: the bar's effects depend on them.
  const all = useMemo<PlayerCommands>(
    () => ({
      togglePlaying: () => undefined,
      startPlaying: () => undefined,
      stopPlaying: () => undefined,
      positionSeek: () => undefined,
      seekTo: () => undefined,
      setVolume: () => undefined,
      toggleMute: () => undefined,
      changeChannel: () => undefined,
      listenLive: () => undefined,
      playPlayable: () => undefined,
      playLatestNews: () => undefined,
      hide: () => undefined,
      time: () => ({ duration: 0, position: 0, progress: 0 }),
      seekLive: () => undefined,
      skipLive: () => undefined,
      goLive: () => undefined,
      listenFrom: () => undefined,
      restartProgramme: () => undefined,
      livePosition: () => ({ instant: null, window: null }),
      rewindWindow: () => Promise.resolve(null),
      ...commands,
      setExpanded: (expanded: boolean) => {
        commands.setExpanded?.(expanded);
        dispatch({ type: 'setPlayerState', state: { isPlayerExpanded: expanded } });
      },
    }),
    [commands],
  );
  const slug = state.channel?.id || radio2.slug;
  // The live data list the channels the site has (allChannels, spec §3).
  const info = useMemo(() => infoFor(siteConfig, slug), [siteConfig, slug]);
  return (
    <PlayerContext.Provider value={{ state, commands: all, info, engine: null }}>
      <MiniPlayer hidden={false} />
    </PlayerContext.Provider>
  );
}

function renderBar(
  state: PlayerState,
  {
    path = '/',
    commands = {},
    siteConfig = site,
  }: { path?: string; commands?: Partial<PlayerCommands>; siteConfig?: SiteConfig } = {},
) {
  const router = createMemoryRouter(
    [{ path: '*', element: <Bar initial={state} commands={commands} siteConfig={siteConfig} /> }],
    {
      initialEntries: [path],
    },
  );
  return render(
    <SiteProvider site={siteConfig}>
      <RouterProvider router={router} />
    </SiteProvider>,
  );
}

/** A second render in the same test: the first one goes. */
function cleanupAnd(next: () => void) {
  cleanup();
  next();
}

/** An action of the bar by its label: a link, a button, or the text that stands for a disabled link. */
const action = (label: string) => within(controls()).getByText(label, { selector: 'a, button, span' });
const isDisabled = (element: HTMLElement) =>
  element.tagName === 'BUTTON'
    ? (element as HTMLButtonElement).disabled
    : element.getAttribute('aria-disabled') === 'true';

describe("the bar's action buttons: labels and links (spec §2)", () => {
  it("'Gedraaid' opens the played tracks of the bar's channel, with channel={slug}", () => {
    renderBar(liveOn(radio4));
    expect(action('Gedraaid')).toHaveAttribute('href', '/gedraaid?channel=radio4');
    cleanupAnd(() => renderBar(liveOn(radio2)));
    // The default channel is the route's default: the query says nothing then (spec §2 route building).
    expect(action('Gedraaid')).toHaveAttribute('href', '/gedraaid');
  });

  it("'Gemist' opens the missed broadcasts", () => {
    renderBar(liveOn(radio2));
    expect(action('Gemist')).toHaveAttribute('href', '/uitzendingen');
  });

  it("'Kijk live' opens visual radio of the channel", () => {
    renderBar(liveOn(radio1, { isVisualRadioAvailable: true }));
    expect(action('Kijk live')).toHaveAttribute('href', '/live?channel=radio1');
  });

  it("'Luister live' goes back to live", async () => {
    const listenLive = vi.fn();
    renderBar(onDemand(), { commands: { listenLive } });
    await userEvent.click(within(controls()).getByRole('button', { name: 'Luister live' }));
    expect(listenLive).toHaveBeenCalledTimes(1);
  });

  it("'Laatste journaal' plays the latest news", async () => {
    const playLatestNews = vi.fn();
    renderBar(liveOn(radio2), { commands: { playLatestNews } });
    await userEvent.click(within(controls()).getByRole('button', { name: 'Laatste journaal' }));
    expect(playLatestNews).toHaveBeenCalledTimes(1);
  });
});

describe('an unavailable player says so (spec §8)', () => {
  const unavailableText = () => bar().querySelector('.mini-player__unavailable')?.textContent;
  it("live: 'Live data tijdelijk niet beschikbaar'", () => {
    renderBar(liveOn(radio2, { isPlayerUnavailable: true }));
    expect(unavailableText()).toBe('Live data tijdelijk niet beschikbaar');
  });
  it("on demand: '...'", () => {
    renderBar(onDemand({ isPlayerUnavailable: true }));
    expect(unavailableText()).toBe('...');
  });
});

describe("the bar's buttons are disabled as spec §6 says", () => {
  it("'Gedraaid' when the player is unavailable", () => {
    renderBar(liveOn(radio4, { isPlayerUnavailable: true }));
    expect(isDisabled(action('Gedraaid'))).toBe(true);
    expect(within(controls()).queryByRole('link', { name: 'Gedraaid' })).toBeNull();
  });

  it("'Gedraaid' on the played-tracks page of that channel, not on another channel's", () => {
    renderBar(liveOn(radio4), { path: '/gedraaid?channel=radio4' });
    expect(isDisabled(action('Gedraaid'))).toBe(true);
    cleanupAnd(() => renderBar(liveOn(radio4), { path: '/gedraaid?channel=radio2' }));
    expect(isDisabled(action('Gedraaid'))).toBe(false);
    // '/gedraaid' is the default channel's page.
    cleanupAnd(() => renderBar(liveOn(radio2), { path: '/gedraaid' }));
    expect(isDisabled(action('Gedraaid'))).toBe(true);
    cleanupAnd(() => renderBar(liveOn(radio4), { path: '/gedraaid' }));
    expect(isDisabled(action('Gedraaid'))).toBe(false);
  });

  it("'Gemist' when the player is unavailable", () => {
    renderBar(liveOn(radio2));
    expect(isDisabled(action('Gemist'))).toBe(false);
    cleanupAnd(() => renderBar(liveOn(radio2, { isPlayerUnavailable: true })));
    expect(isDisabled(action('Gemist'))).toBe(true);
  });

  it("'Kijk live' when the player is unavailable or the channel has no visual radio", () => {
    renderBar(liveOn(radio1, { isVisualRadioAvailable: true }));
    expect(isDisabled(action('Kijk live'))).toBe(false);
    cleanupAnd(() => renderBar(liveOn(radio1, { isVisualRadioAvailable: false })));
    expect(isDisabled(action('Kijk live'))).toBe(true);
    cleanupAnd(() => renderBar(liveOn(radio1, { isVisualRadioAvailable: true, isPlayerUnavailable: true })));
    expect(isDisabled(action('Kijk live'))).toBe(true);
  });

  it("'Luister live' when the player is unavailable", async () => {
    const listenLive = vi.fn();
    renderBar(onDemand({ isPlayerUnavailable: true }), { commands: { listenLive } });
    expect(isDisabled(action('Luister live'))).toBe(true);
    await userEvent.click(action('Luister live'));
    expect(listenLive).not.toHaveBeenCalled();
  });

  it('during an ad break every action button is dimmed and cannot be clicked', async () => {
    const listenLive = vi.fn();
    const playLatestNews = vi.fn();
    renderBar(onDemand({ isAdBreak: true }), { commands: { listenLive, playLatestNews } });
    expect(bar()).toHaveClass('is-ad-break');
    for (const label of ['Luister live', 'Gemist', 'Laatste journaal']) {
      expect(isDisabled(action(label)), label).toBe(true);
    }
    expect(within(controls()).queryAllByRole('link')).toEqual([]);
    await userEvent.click(action('Luister live'));
    await userEvent.click(action('Laatste journaal'));
    expect(listenLive).not.toHaveBeenCalled();
    expect(playLatestNews).not.toHaveBeenCalled();
    // Live, the reading's pair as well.
    cleanupAnd(() => renderBar(liveOn(radio2, { isAdBreak: true })));
    for (const label of ['Gedraaid', 'Gemist', 'Laatste journaal']) {
      expect(isDisabled(action(label)), label).toBe(true);
    }
  });

  it("'Open in venster' outside live mode; live it opens links[0].value in a 700×700 window", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderBar(onDemand());
    expect(within(bar()).getByRole('button', { name: 'Open in venster' })).toBeDisabled();
    cleanupAnd(() => renderBar(liveOn(radio2)));
    const popout = within(bar()).getByRole('button', { name: 'Open in venster' });
    expect(popout).toBeEnabled();
    await userEvent.click(popout);
    expect(open).toHaveBeenCalledWith('/popout/radio2', 'ether-popout', POPOUT_FEATURES);
    expect(POPOUT_FEATURES).toBe('width=700,height=700,toolbar=no,status=no');
  });
});

describe('the channel dropdown is shown only when all four conditions hold (spec §6)', () => {
  const dropdown = () => within(bar()).queryByRole('button', { name: /^Zender:/ });

  it('all hold: the dropdown shows the current channel name', () => {
    renderBar(liveOn(radio4));
    expect(dropdown()).toHaveTextContent('Ether Radio 4');
  });

  it('not with one channel only', () => {
    renderBar(liveOn(radio2), { siteConfig: { ...site, channels: [radio2] } });
    expect(dropdown()).toBeNull();
  });

  it('not before the channel picker is present', () => {
    renderBar(liveOn(radio2, { isChannelPickerPresent: false }));
    expect(dropdown()).toBeNull();
  });

  it('not outside live mode', () => {
    renderBar(onDemand());
    expect(dropdown()).toBeNull();
  });

  it('not without a channel', () => {
    renderBar(liveOn(radio2, { channel: { id: '', name: '' } }));
    expect(dropdown()).toBeNull();
  });
});

describe('the show in the bar (spec §2: name, presenters or time, then broadcaster icons)', () => {
  it('shows each broadcaster as its logo, named by its alt, and by name when it has no logo', () => {
    renderBar(liveOn(radio2));
    const info = within(bar()).getByRole('button', { name: /Speler uitklappen/ });
    const subline = info.querySelector('.mini-player__subline') as HTMLElement;
    expect(subline).toHaveTextContent('Mira de Vries');
    const icon = within(subline).getByRole('img', { name: 'Omroep Zuiderzee' });
    expect(icon).toHaveAttribute('src', '/media/images/broadcasters/zuiderzee.webp');
    expect(within(subline).getByText('De Kustomroep').tagName).toBe('SPAN');
    // After the presenters.
    expect(subline.textContent?.indexOf('Mira de Vries')).toBe(0);
    expect(info).toHaveAccessibleName(expect.stringContaining('Omroep Zuiderzee'));
  });
});

describe('the expand trigger on the right side (spec §2)', () => {
  it('is a button with aria-expanded that opens the expanded player, and gets focus back on close', async () => {
    const setExpanded = vi.fn();
    renderBar(liveOn(radio2), { commands: { setExpanded } });
    const trigger = within(bar()).getByRole('button', { name: 'Volledige speler' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger.closest('.mini-player__side')).not.toBeNull();
    await userEvent.click(trigger);
    expect(setExpanded).toHaveBeenCalledWith(true);
    const dialog = await screen.findByRole('dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', dialog.parentElement?.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speler sluiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
