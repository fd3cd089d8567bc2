import { vi } from 'vitest';

/**
 * Fake timers for a test that shows something did not happen within some time: on a fake clock
 * that time passes at once and in full, where a real wait proves only what a busy machine managed
 * to run. Testing Library's async helpers (waitFor, user-event's wrapper) wait for a timer of 0 ms
 * that a fake clock never fires unless they see Jest's fake timers: they are told to advance
 * Vitest's. Returns the function that puts the real clock back (call it in a `finally`).
 */
export function startFakeClock(): () => void {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return () => {
    vi.useRealTimers();
    vi.stubGlobal('jest', undefined);
  };
}
