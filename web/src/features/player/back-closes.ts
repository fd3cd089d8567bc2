// The phone's back button closes the expanded player (issue 39 #9): while it is open, the page has
// a history entry of its own, with the same URL, which 'back' leaves.

import { useEffect, useRef } from 'react';

/** The mark of the entry the open player adds, in `history.state` beside the router's own fields. */
export const EXPANDED_ENTRY = 'etherPlayerExpanded';

/** Whether a `popstate` is one a hook consumes (then nobody else sees it). */
type PopHandler = (event: PopStateEvent) => boolean;

const handlers = new WeakMap<Window, Set<PopHandler>>();

/**
 * Listens to `popstate` on `win` ahead of the router: call it before the router is created (a
 * window's listeners run in the order they were added), so that the pops of the player's own
 * entry never reach the router, which would load the same page again. Calling it again is harmless.
 */
export function installBackGuard(win: Window = window): Set<PopHandler> {
  let set = handlers.get(win);
  if (!set) {
    const installed = new Set<PopHandler>();
    set = installed;
    handlers.set(win, installed);
    win.addEventListener('popstate', (event) => {
      for (const handle of installed) {
        if (handle(event)) {
          event.stopImmediatePropagation();
          return;
        }
      }
    });
  }
  return set;
}

function isExpandedEntry(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[EXPANDED_ENTRY] === true
  );
}

/**
 * While `hold` is true the page has an extra history entry (same URL, the router's state copied, so
 * the router sees the same place). 'Back' then leaves that entry and calls `onBack` instead of
 * leaving the page. When `hold` turns false by other means (the close button, Escape, a navigation
 * starting), the entry is taken back with `history.back()`, so no stray entry is left behind.
 */
export function useBackCloses(hold: boolean, onBack: () => void, win: Window = window): void {
  const pushed = useRef(false);
  /** Pops this hook caused itself (its own `history.back()`), which nobody else must see. */
  const ownPops = useRef(0);
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;

  useEffect(() => {
    const set = installBackGuard(win);
    const handle: PopHandler = (event) => {
      if (ownPops.current > 0) {
        ownPops.current -= 1;
        return true;
      }
      if (pushed.current && !isExpandedEntry(event.state)) {
        pushed.current = false;
        onBackRef.current();
        return true;
      }
      return false;
    };
    set.add(handle);
    return () => {
      set.delete(handle);
    };
  }, [win]);

  useEffect(() => {
    if (hold && !pushed.current) {
      const state: unknown = win.history.state;
      win.history.pushState({ ...(typeof state === 'object' ? state : {}), [EXPANDED_ENTRY]: true }, '');
      pushed.current = true;
    } else if (!hold && pushed.current) {
      pushed.current = false;
      // Only while the entry is the current one: a page pushed over it has left it behind already.
      if (isExpandedEntry(win.history.state)) {
        ownPops.current += 1;
        win.history.back();
      }
    }
  }, [hold, win]);
}
