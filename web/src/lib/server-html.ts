// The server sends each page's real content as HTML inside #root (server/src/render), marked with
// data-server-html, so that text and links show before any JavaScript runs. The app does not
// hydrate that markup (dates relative to now, the player's state and generated ids would never
// match it exactly); it renders into a hidden container beside it and, in the layout phase of its
// first page render (before the browser paints), removes the server's markup and shows its own:
// the listener never sees a blank or loading frame in between.

const SERVER_HTML = '[data-server-html]';
const APP_CONTAINER_ID = 'app-root';

/**
 * The element the app renders into: #root itself when it holds no server HTML, otherwise a new
 * hidden container right after #root. Null without #root.
 */
export function appContainer(doc: Document = document): HTMLElement | null {
  const root = doc.getElementById('root');
  if (!root) return null;
  if (!root.querySelector(SERVER_HTML)) return root;
  const container = doc.createElement('div');
  container.id = APP_CONTAINER_ID;
  container.hidden = true;
  root.after(container);
  return container;
}

/** Whether the server's HTML is still shown in place of the app. */
export function serverHtmlShown(doc: Document = document): boolean {
  return doc.querySelector(`#root ${SERVER_HTML}`) !== null;
}

/** Removes the server's HTML and shows the app's container; does nothing the second time. */
export function revealApp(doc: Document = document): void {
  doc.querySelector(`#root ${SERVER_HTML}`)?.remove();
  const container = doc.getElementById(APP_CONTAINER_ID);
  if (container?.hidden) container.hidden = false;
}
