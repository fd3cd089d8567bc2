import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Location } from 'react-router';
import { useBeforeUnload } from './use-before-unload';

/** What the browser's confirm asks before a form with unsaved changes is left in the app. */
export const LEAVE_MESSAGE =
  'Je hebt wijzigingen die nog niet zijn opgeslagen. Wil je deze pagina toch verlaten? Je wijzigingen gaan dan verloren.';

/** True when a navigation from `current` to `next` leaves a form with unsaved changes. */
export function leavesUnsaved(
  dirty: boolean,
  current: Pick<Location, 'pathname'>,
  next: Pick<Location, 'pathname'>,
): boolean {
  return dirty && current.pathname !== next.pathname;
}

/**
 * Warns before a page with unsaved changes is left: another page of the admin (React Router's
 * blocker, which needs the data router of admin-app.tsx) asks the browser's confirm with `message`;
 * closing or reloading the tab gets the browser's own beforeunload question. Returns the setter of
 * "there are unsaved changes" (kept in a ref, so that a save can clear it before it navigates).
 */
export function useLeaveGuard(message: string = LEAVE_MESSAGE): (dirty: boolean) => void {
  const dirty = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    leavesUnsaved(dirty.current, currentLocation, nextLocation),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) {
      dirty.current = false;
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, message]);
  useBeforeUnload(useCallback(() => dirty.current, []));
  return useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
}
