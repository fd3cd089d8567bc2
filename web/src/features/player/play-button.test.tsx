import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SiteProvider } from '../../lib/site-context';
import { site } from '../../test/fixtures';
import { fakeMedia, playerServer, type PlayerServer } from '../../test/player-server';
import { PLAY_ANIMATION_MS, PlayButton, SPINNER_SIZE } from './play-button';
import { PlayerProvider } from './player-context';

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

function renderButton() {
  render(
    <SiteProvider site={site}>
      <PlayerProvider site={site}>
        <PlayButton />
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
});
