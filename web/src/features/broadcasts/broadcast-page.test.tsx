import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastData, PageEnvelope } from '../../api/types';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const path = '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg';

function withData(change: Partial<BroadcastData>): PageEnvelope {
  const envelope = fixturePage(path);
  return { ...envelope, data: { ...(envelope.data as BroadcastData), ...change } };
}

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith('/api/play/broadcast/501')) {
    return new Response(
      JSON.stringify({
        mid: 'broadcast-501',
        playerToken: '',
        streamUrl: '/recordings/broadcast/501.mp3?expires=1&signature=x',
        format: 'mp3',
      }),
      { headers: { 'Content-Type': 'application/json' } },
    );
  }
  return new Response('{}', { status: 404, statusText: 'Not Found' });
});

// The first render loads the whole app, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

describe('BroadcastPage', () => {
  it('shows the slot label, the recording and the tracks with their offsets', async () => {
    renderApp(fixturePage(path), path);
    expect(await screen.findByRole('heading', { level: 1, name: 'De Ochtendploeg' })).toBeInTheDocument();
    expect(screen.getByText(/Zaterdag 21 november 2026 06 - 07 uur/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Luister de uitzending' })).toBeInTheDocument();
    expect(screen.getByText('Duur 3:00:00')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Gedraaide nummers' });
    expect(list).toHaveTextContent('Zomeravond');
    expect(screen.getByRole('button', { name: /^Speel vanaf 2:04:00/ })).toBeInTheDocument();
  });

  it('plays the recording from a track in the mini player', async () => {
    renderApp(fixturePage(path), path);
    await userEvent.click(await screen.findByRole('button', { name: /^Speel vanaf 2:04:00/ }));
    await waitFor(() =>
      expect(document.querySelector('#audio-player-id')?.getAttribute('src')).toBe(
        '/recordings/broadcast/501.mp3?expires=1&signature=x',
      ),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/play/broadcast/501', expect.anything());
  });

  it('says so when there is no recording, and offers no track buttons', async () => {
    renderApp(withData({ recording: { available: false, durationSeconds: null } }), path);
    expect(await screen.findByText(/geen opname beschikbaar/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Speel vanaf/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Luister de uitzending' })).toBeNull();
  });

  it('says so when no tracks were played', async () => {
    renderApp(withData({ tracks: [] }), path);
    expect(await screen.findByText('In deze uitzending zijn geen nummers gedraaid.')).toBeInTheDocument();
  });
});
