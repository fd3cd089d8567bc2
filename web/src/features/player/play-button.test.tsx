import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SiteProvider } from '../../lib/site-context';
import { site } from '../../test/fixtures';
import {
  fakeMedia,
  playerServer,
  testFragment as fragment,
  type PlayerServer,
} from '../../test/player-server';
import { PLAY_ANIMATION_MS, PlayButton, SPINNER_SIZE } from './play-button';
import { PlayerProvider } from './player-context';
import { usePlayer, type PlayerCommands } from './use-player';

// spec §9: the play button's click animation lasts 300 ms; the spinner shown while the player
// loads has the default size 18.

let server: PlayerServer;
let media: ReturnType<typeof fakeMedia>;

beforeEach(() => {
  server = playerServer(site);
  vi.stubGlobal('fetch', server.fetch);
  media = fakeMedia({ play: 'allow' });
});

afterEach(() => {
  vi.useRealTimers();
  media.restore();
  vi.unstubAllGlobals();
});

let commandsOf: () => PlayerCommands = () => {
  throw new Error('not rendered');
};

function Commands() {
  const { commands } = usePlayer();
  commandsOf = () => commands;
  return null;
}

function renderButton({ autoplay = true }: { autoplay?: boolean } = {}) {
  render(
    <SiteProvider site={site}>
      <PlayerProvider site={site} autoplay={autoplay}>
        <PlayButton />
        <Commands />
      </PlayerProvider>
    </SiteProvider>,
  );
  return screen.getByRole('button');
}

describe('the play button (spec §2, §9)', () => {
  it('shows an 18 px spinner while the player loads', () => {
    server.hold('radio2');
    const button = renderButton();
    expect(SPINNER_SIZE).toBe(18);
    const spinner = button.querySelector<HTMLElement>('.spinner');
    expect(spinner?.style.width).toBe('18px');
    expect(spinner?.style.height).toBe('18px');
    act(() => server.release('radio2'));
  });

  it('plays its click animation for 300 ms', async () => {
    const button = renderButton();
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    expect(PLAY_ANIMATION_MS).toBe(300);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(button);
    expect(button).toHaveClass('is-pressed');
    act(() => vi.advanceTimersByTime(299));
    expect(button).toHaveClass('is-pressed');
    act(() => vi.advanceTimersByTime(1));
    expect(button).not.toHaveClass('is-pressed');
  });

  it("offers 'Opnieuw afspelen' once an on-demand item played to its end, and plays it again", async () => {
    // Not playing live before (live would come back after the item, issue 39).
    const button = renderButton({ autoplay: false });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    act(() => commandsOf().playPlayable(fragment));
    await waitFor(() => expect(button).toHaveAccessibleName('Pauze'));
    const audio = document.getElementById('audio-player-id') as HTMLAudioElement;
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    await waitFor(() => expect(button).toHaveAccessibleName('Opnieuw afspelen'));
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAccessibleName('Pauze'));
  });
});
