import { useEffect } from 'react';

/**
 * While `active()` says so, closing or reloading the tab gets the browser's own question first
 * (beforeunload): for what would otherwise be lost without a word.
 */
export function useBeforeUnload(active: () => boolean): void {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!active()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
