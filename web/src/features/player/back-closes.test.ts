import { describe, expect, it, vi } from 'vitest';
import { EXPANDED_ENTRY, leaveExpandedEntry } from './back-closes';

/** A window whose history holds the open player's entry; back() pops it after a moment, as a browser does. */
function windowWithExpandedEntry() {
  const listeners: ((event: PopStateEvent) => void)[] = [];
  let state: unknown = { [EXPANDED_ENTRY]: true };
  const back = vi.fn(() => {
    setTimeout(() => {
      state = null;
      const event = { state, stopImmediatePropagation: () => undefined } as unknown as PopStateEvent;
      for (const listener of listeners) listener(event);
    }, 5);
  });
  const win = {
    history: {
      get state() {
        return state;
      },
      back,
    },
    addEventListener: (_type: string, listener: (event: PopStateEvent) => void) => listeners.push(listener),
  } as unknown as Window;
  return { win, back };
}

describe('leaveExpandedEntry', () => {
  it('goes back once for two callers at once (the folding player and the link it followed), and both go on', async () => {
    const { win, back } = windowWithExpandedEntry();
    const folding = leaveExpandedEntry(win);
    const navigating = leaveExpandedEntry(win);
    await Promise.all([folding, navigating]);
    expect(back).toHaveBeenCalledTimes(1);
    // Once the entry is gone there is nothing to take back.
    await leaveExpandedEntry(win);
    expect(back).toHaveBeenCalledTimes(1);
  });
});
