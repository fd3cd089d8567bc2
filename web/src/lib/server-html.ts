// The server sends each page's real content as HTML inside #root (server/src/render), marked with
// data-server-html, so that text and links show before any JavaScript runs. The app does not
// hydrate that markup (dates relative to now, the player's state and generated ids would never
// match it exactly); it renders into a container of its own and, once its first page has rendered,
// removes the server's markup and puts its container in its place in one step, before the browser
// paints: the listener never sees a blank or loading frame in between. The container stays out of
// the document until then: the first render takes several tasks (components/deferred), and
// meanwhile the page holds one copy of its content, not a visible one and a hidden one.

const SERVER_HTML = '[data-server-html]';
const APP_CONTAINER_ID = 'app-root';

// The container made by appContainer while it is not yet in the document.
const detached = new WeakMap<Document, HTMLElement>();
// Waiting for revealApp (whenAppShown).
const waiting = new WeakMap<Document, (() => void)[]>();

/**
 * The element the app renders into: #root itself when it holds no server HTML, otherwise a new
 * container, outside the document until revealApp puts it right after #root. Null without #root.
 */
export function appContainer(doc: Document = document): HTMLElement | null {
  const root = doc.getElementById('root');
  if (!root) return null;
  if (!root.querySelector(SERVER_HTML)) return root;
  const container = doc.createElement('div');
  container.id = APP_CONTAINER_ID;
  container.hidden = true;
  detached.set(doc, container);
  return container;
}

/** Whether the server's HTML is still shown in place of the app. */
export function serverHtmlShown(doc: Document = document): boolean {
  return doc.querySelector(`#root ${SERVER_HTML}`) !== null;
}

/**
 * Removes the server's HTML and puts the app's container after #root, shown; does nothing the
 * second time.
 */
export function revealApp(doc: Document = document): void {
  doc.querySelector(`#root ${SERVER_HTML}`)?.remove();
  const container = detached.get(doc);
  if (container) {
    detached.delete(doc);
    doc.getElementById('root')?.after(container);
  }
  const shown = doc.getElementById(APP_CONTAINER_ID);
  if (shown?.hidden) shown.hidden = false;
  const callbacks = waiting.get(doc) ?? [];
  waiting.delete(doc);
  for (const callback of callbacks) callback();
}

/**
 * Calls `callback` once the app's own page is in the document: at once when the server's HTML is
 * not shown, otherwise in revealApp. Until then the app renders into a container outside the
 * document, where an element can neither take focus nor be laid out. Returns a function that
 * cancels the call.
 */
export function whenAppShown(callback: () => void, doc: Document = document): () => void {
  if (!serverHtmlShown(doc)) {
    callback();
    return () => undefined;
  }
  let cancelled = false;
  const once = () => {
    if (!cancelled) callback();
  };
  waiting.set(doc, [...(waiting.get(doc) ?? []), once]);
  return () => {
    cancelled = true;
  };
}
