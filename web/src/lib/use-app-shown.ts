import { useEffect, useState } from 'react';
import { serverHtmlShown, whenAppShown } from './server-html';

/**
 * Whether the app's own page is in the document yet (lib/server-html): false during the first
 * render behind the server's HTML, true from the reveal on and on every later render.
 */
export function useAppShown(): boolean {
  const [shown, setShown] = useState(() => !serverHtmlShown());
  useEffect(() => {
    if (shown) return undefined;
    return whenAppShown(() => setShown(true));
  }, [shown]);
  return shown;
}
