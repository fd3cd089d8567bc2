import { useEffect, useState } from 'react';
import { presenceApi } from '../../api/content-client';

/** How often an open form says it is still open (the server counts 30 s). */
export const presenceTiming = { intervalMs: 12_000 };

/**
 * Who else has item `itemKey` of `typeName` open (server/src/admin/presence.hpp): a heartbeat when
 * the form opens, every few seconds while it is open and when its tab is shown again, each
 * answering the other editors' names; a goodbye when the form closes or the page goes away.
 * No item (a new one's form): nobody.
 */
export function usePresence(typeName: string, itemKey: string | undefined): string[] {
  const [names, setNames] = useState<string[]>([]);

  useEffect(() => {
    if (!itemKey) return;
    let current = true;
    const beat = () => {
      presenceApi
        .beat(typeName, itemKey)
        .then(({ others }) => current && setNames(others.map((other) => other.name)))
        .catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') beat();
    };
    const onPageHide = () => presenceApi.leaveWhileUnloading(typeName, itemKey);
    beat();
    const timer = setInterval(beat, presenceTiming.intervalMs);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    // A page shown again from the back-forward cache is open again.
    window.addEventListener('pageshow', beat);
    return () => {
      current = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', beat);
      setNames([]);
      void presenceApi.leave(typeName, itemKey).catch(() => undefined);
    };
  }, [typeName, itemKey]);

  return names;
}
