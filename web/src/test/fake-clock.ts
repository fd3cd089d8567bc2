import { act } from '@testing-library/react';
import { vi } from 'vitest';

// The real event loop's turn, taken before any test fakes it.
const realSetImmediate = globalThis.setImmediate;

/**
 * Fake timers for a test that shows that something did not happen within some time: started at
 * the test's beginning, so that every timer the code sets is on the fake clock. The clock follows
 * real time as well, so that Testing Library's waits and user-event work as usual; `letTimePass`
 * then moves it on at once. Put the real one back with vi.useRealTimers() (in an afterEach).
 */
export function startFakeClock(): void {
  vi.useFakeTimers({ shouldAdvanceTime: true });
}

/**
 * Lets `ms` pass at once on the fake clock (startFakeClock), with what runs in between: a real wait
 * proves only what a busy machine managed to run in it. In steps, each of which lets the real event
 * loop turn too: a fetch's answer is read through streams, not only promises, and a timer set when
 * it has been read must still fall within `ms`.
 */
export async function letTimePass(ms: number): Promise<void> {
  const step = 100;
  for (let passed = 0; passed < ms; passed += step) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(step, ms - passed)));
    await new Promise<void>((resolve) => realSetImmediate(resolve));
  }
}
