import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { PageEnvelope, PopoutData } from '../../api/types';
import { SiteProvider } from '../../lib/site-context';
import { radio1, radio2, site } from '../../test/fixtures';
import { fakeMedia, playerServer, type PlayerServer } from '../../test/player-server';
import { MiniPlayer } from './mini-player';
import { PlayerProvider } from './player-context';
import { PopoutPage } from './popout';

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
    expect(bar()).not.toHaveTextContent('10:00 - 12:00');
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
    await userEvent.click(within(bar()).getByRole('button', { name: radio1.name }));
    await waitFor(() => expect(bar()).toHaveTextContent('Show op Ether Radio 1'));
    await barLoaded();
    // buttonConfig: 'gemist' left, 'visual-radio' right, enabled (the channel has visual radio).
    const links = within(controls()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Gemist', 'Kijk live']);
    expect(links[1]).toHaveAttribute('href', expect.stringContaining('radio1'));
    expect(within(controls()).queryByText('Gedraaid')).toBeNull();
    // isRadioshowTimeVisibleForLiveRadio true: the time; isSongHiddenForLiveRadio true: no song.
    expect(bar()).toHaveTextContent('10:00 - 12:00');
    expect(bar()).not.toHaveTextContent('Anna van Ether Radio 1');
    expect(cycles()).toBeNull();
    expect(bar()).not.toHaveTextContent('Lied op Ether Radio 1');
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('Nu te horen: Show op Ether Radio 1 op Ether Radio 1'),
    );

    // And back: reading B again.
    await userEvent.click(within(bar()).getByRole('button', { name: /Zender:/ }));
    await userEvent.click(within(bar()).getByRole('button', { name: radio2.name }));
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

describe("'Open in venster' (spec §2)", () => {
  it("opens the channel's links[0].value in a window of 700×700 with no toolbar and no status bar", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWith(<MiniPlayer hidden={false} />, 'radio1');
    await barLoaded();
    await userEvent.click(within(bar()).getByRole('button', { name: 'Open in venster' }));
    // The fixture's info gives radio1 the link '/popout/radio1' as its first.
    expect(open).toHaveBeenCalledWith(
      '/popout/radio1',
      'ether-popout',
      'width=700,height=700,toolbar=no,status=no',
    );
  });
});
