import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { programmesType } from '../../test-support/content-fixtures';
import { json } from '../../test-support/fake-server';
import { PresenceNotice } from './presence-notice';
import { presenceTiming } from './use-presence';

const type = programmesType();
const path = '/api/admin/presence/programmes/7';

// The presence routes of item 7: each PUT answers the next list of names (the last one stays).
function presenceServer(answers: string[][]) {
  const calls: { method: string; keepalive: boolean }[] = [];
  let beat = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url !== path) return json({ error: { code: 'not_found' } }, 404);
      calls.push({ method, keepalive: Boolean(init?.keepalive) });
      if (method === 'PUT') {
        const names = answers[Math.min(beat, answers.length - 1)] ?? [];
        beat += 1;
        return json({ others: names.map((name, index) => ({ userId: index + 2, name })) });
      }
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PresenceNotice', () => {
  it('names the other editors at once and keeps them current with every heartbeat', async () => {
    const calls = presenceServer([['Eva'], ['Eva', 'Bram'], []]);
    render(<PresenceNotice type={type} itemKey="7" />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Eva bewerkt dit programma ook');

    await act(() => vi.advanceTimersByTimeAsync(presenceTiming.intervalMs - 1));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(status.textContent).toBe('Eva en Bram bewerken dit programma ook');

    await act(() => vi.advanceTimersByTimeAsync(presenceTiming.intervalMs));
    expect(status.textContent).toBe('');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(3);
  });

  it('beats when the tab is shown again', async () => {
    const calls = presenceServer([[]]);
    render(<PresenceNotice type={type} itemKey="7" />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });

  it('says goodbye when the form closes, and with a keepalive request when the page goes', async () => {
    const calls = presenceServer([['Eva']]);
    const { unmount } = render(<PresenceNotice type={type} itemKey="7" />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(calls.at(-1)).toEqual({ method: 'DELETE', keepalive: true });
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(presenceTiming.intervalMs * 2));
    expect(calls.at(-1)).toEqual({ method: 'DELETE', keepalive: false });
    // No heartbeat after the form closed.
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('asks nothing for a new item', async () => {
    const calls = presenceServer([['Eva']]);
    render(<PresenceNotice type={type} itemKey={undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(presenceTiming.intervalMs));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
