import { useLayoutEffect, useState, type ReactNode } from 'react';
import { serverHtmlShown } from '../lib/server-html';
import { createTaskQueue, nextTask } from '../lib/task-queue';

// The app's first render happens behind the server's HTML (lib/server-html): nothing of it is seen
// until the whole page is rendered and revealed. Rendered at once it was one task of 0.5 s on a
// phone (Lighthouse's 4x slower CPU: 1-2 s of total blocking time); split at these boundaries each
// part is a task of its own, and the app is revealed after the last one (app/page-view).
const firstRender = createTaskQueue(nextTask);

/**
 * Its children, rendered in a task of their own while the server's HTML is still shown (the first
 * page load); at once on every later render, such as after a client-side navigation.
 */
export function Deferred({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => !serverHtmlShown());
  useLayoutEffect(() => {
    if (!shown) firstRender.add(() => setShown(true));
    // Only the first render decides; later ones are already shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return shown ? <>{children}</> : null;
}

/**
 * Calls `reveal` once every Deferred part of the first render has rendered; at once when the
 * server's HTML is no longer shown.
 */
export function afterDeferredParts(reveal: () => void): void {
  if (serverHtmlShown()) firstRender.whenDone(reveal);
  else reveal();
}
