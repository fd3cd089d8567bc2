// The phone's back button closes the expanded player (issue 39 #9): while it is open, the page has
// a history entry of its own, with the same URL, which 'back' leaves.

import { useEffect, useRef } from 'react';

/** The mark of the entry the open player adds, in `history.state` beside the router's own fields. */
export const EXPANDED_ENTRY = 'etherPlayerExpanded';

/** Whether a `popstate` is one a hook consumes (then nobody else sees it). */
type PopHandler = (event: PopStateEvent) => boolean;

interface Guard {
  handlers: Set<PopHandler>;
  /** Pops the guard caused itself (taking the entry back), each with what waits for it. */
  ownPops: (() => void)[];
  /** The taking back under way, which a second caller waits for rather than going back twice. */
  leaving?: Promise<void> | undefined;
}

const guards = new WeakMap<Window, Guard>();

function isExpandedEntry(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[EXPANDED_ENTRY] === true
  );
}

/**
 * Listens to `popstate` on `win` ahead of the router: call it before the router is created (a
 * window's listeners run in the order they were added), so that the pops of the player's own
 * entry never reach the router, which would load the same page again. Calling it again is harmless.
 */
export function installBackGuard(win: Window = window): Guard {
  let guard = guards.get(win);
  if (!guard) {
    const installed: Guard = { handlers: new Set(), ownPops: [] };
    guard = installed;
    guards.set(win, installed);
    win.addEventListener('popstate', (event) => {
      const own = installed.ownPops.shift();
      if (own) {
        event.stopImmediatePropagation();
        own();
        return;
      }
      for (const handle of installed.handlers) {
        if (handle(event)) {
          event.stopImmediatePropagation();
          return;
        }
      }
    });
  }
  return guard;
}

/**
 * Takes the open player's entry back when it is the current one, and resolves once the browser has
 * (at once when there is none). An in-app navigation waits for this before it pushes its page, so
 * the page replaces the entry rather than landing on top of it (one 'back' then returns).
 */
export function leaveExpandedEntry(win: Window = window): Promise<void> {
  const guard = installBackGuard(win);
  // A link followed from the open player both folds it away and navigates: two callers at once.
  // A second history.back() before the first one's pop may be dropped by the browser, and its
  // caller (the navigation) would wait for ever; so both wait for the one pop.
  if (guard.leaving) return guard.leaving;
  if (!isExpandedEntry(win.history.state)) return Promise.resolve();
  const leaving = new Promise<void>((resolve) => {
    guard.ownPops.push(() => {
      guard.leaving = undefined;
      resolve();
    });
    win.history.back();
  });
  guard.leaving = leaving;
  return leaving;
}

/**
 * While `hold` is true the page has an extra history entry (same URL, the router's state copied, so
 * the router sees the same place). 'Back' then leaves that entry and calls `onBack` instead of
 * leaving the page. When `hold` turns false by other means (the close button, Escape), the entry is
 * taken back with `history.back()`, so no stray entry is left behind.
 */
export function useBackCloses(hold: boolean, onBack: () => void, win: Window = window): void {
  const pushed = useRef(false);
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;

  useEffect(() => {
    const { handlers } = installBackGuard(win);
    const handle: PopHandler = (event) => {
      if (pushed.current && !isExpandedEntry(event.state)) {
        pushed.current = false;
        onBackRef.current();
        return true;
      }
      return false;
    };
    handlers.add(handle);
    return () => {
      handlers.delete(handle);
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
      void leaveExpandedEntry(win);
    }
  }, [hold, win]);
}
