// The server sends each page's real content as HTML inside #root (server/src/render), marked with
// data-server-html, so that text and links show before any JavaScript runs. The app does not
// hydrate that markup (dates relative to now, the player's state and generated ids would never
// match it exactly); it renders into a container of its own and, once its first page has rendered,
// removes the server's markup and puts its container in its place in one step, before the browser
// paints: the listener never sees a blank or loading frame in between. The container stays out of
// the document until then: the first render takes several tasks (components/deferred), and
// meanwhile the page holds one copy of its content, not a visible one and a hidden one.

import type { carryInput } from './carried-input';

const SERVER_HTML = '[data-server-html]';
const APP_CONTAINER_ID = 'app-root';

// The container made by appContainer while it is not yet in the document.
const detached = new WeakMap<Document, HTMLElement>();
// Waiting for revealApp (whenAppShown).
const waiting = new WeakMap<Document, (() => void)[]>();

// A press on the server's HTML holds the reveal back until it is released: a mouse click goes to the
// element that both the press and the release were on, so a swap between the two would send it to
// neither link (a press lasts about 100 ms, a first render several tasks). The press may have begun
// before any script ran; the browser's :active state knows of it all the same (and of a button held
// down by its space bar). The click comes in the release's task; a touch's click comes later as a
// tap of its own, aimed at what is there then.
const holding = new WeakSet<Document>();
// The most a press (a long one, a drag that selects text) holds the reveal back.
const LONGEST_HOLD_MS = 10_000;

function pressedOnServerHtml(doc: Document): boolean {
  const server = doc.querySelector(`#root ${SERVER_HTML}`);
  return server !== null && (server.matches(':active') || server.querySelector(':active') !== null);
}

function revealAfterPress(doc: Document): void {
  if (holding.has(doc)) return;
  holding.add(doc);
  let timer = 0;
  const reveal = () => {
    holding.delete(doc);
    swapIn(doc);
  };
  const releases = ['pointerup', 'pointercancel', 'keyup'];
  const released = (event?: Event) => {
    window.clearTimeout(timer);
    for (const type of releases) doc.removeEventListener(type, released, true);
    // A release's click (and the navigation it starts) comes first, in the release's task.
    if (event && event.type !== 'pointercancel') timer = window.setTimeout(reveal, 0);
    else reveal();
  };
  for (const type of releases) doc.addEventListener(type, released, true);
  timer = window.setTimeout(released, LONGEST_HOLD_MS);
}

// The code that hands a choice made in the server's forms, the focus and a started player over to
// the app's page (lib/carried-input) comes in its own chunk, once the visitor has touched the
// server's HTML: most never do before the takeover, and the entry's bytes count on every page
// (issue 49's limit).
let carry: typeof carryInput | null = null;
let carryLoad: 'idle' | 'loading' | 'settled' = 'idle';
let carryLoaded: Promise<void> = Promise.resolve();

function loadCarry(): void {
  if (carryLoad !== 'idle') return;
  carryLoad = 'loading';
  carryLoaded = import('./carried-input')
    .then((module) => {
      carry = module.carryInput;
    })
    .catch(() => undefined)
    .finally(() => {
      carryLoad = 'settled';
    });
}

// Whether the visitor has already touched the server's HTML (before any script ran): the focus is
// in it (where text is typed), a list shows another choice than the server sent, or a player plays.
function touched(doc: Document, server: Element): boolean {
  const active = doc.activeElement;
  if (active && active !== server && server.contains(active)) return true;
  return Array.from(
    server.querySelectorAll<HTMLSelectElement | HTMLMediaElement>('select, audio, video'),
  ).some((el) => ('paused' in el ? !el.paused : el.selectedOptions[0]?.defaultSelected === false));
}

function watchInput(doc: Document, server: Element): void {
  if (touched(doc, server)) loadCarry();
  const start = (event: Event) => {
    if (event.target instanceof Node && server.contains(event.target)) loadCarry();
  };
  // 'play' does not bubble; the capture phase sees it at the document, as it sees the others.
  for (const type of ['focusin', 'input', 'change', 'play']) doc.addEventListener(type, start, true);
}

/**
 * The element the app renders into: #root itself when it holds no server HTML, otherwise a new
 * container, outside the document until revealApp puts it right after #root. Null without #root.
 */
export function appContainer(doc: Document = document): HTMLElement | null {
  const root = doc.getElementById('root');
  if (!root) return null;
  const server = root.querySelector(SERVER_HTML);
  if (!server) return root;
  watchInput(doc, server);
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
 * second time. While the server's HTML is pressed it does so once the press is released.
 */
export function revealApp(doc: Document = document): void {
  if (holding.has(doc)) return;
  if (pressedOnServerHtml(doc)) revealAfterPress(doc);
  else if (carryLoad === 'loading') revealAfterCarryLoaded(doc);
  else swapIn(doc);
}

// The visitor's input is handed over in the swap itself, so the swap waits for its code.
function revealAfterCarryLoaded(doc: Document): void {
  holding.add(doc);
  void carryLoaded.then(() => {
    holding.delete(doc);
    revealApp(doc);
  });
}

function swapIn(doc: Document): void {
  const server = doc.querySelector(`#root ${SERVER_HTML}`);
  // A choice made in a server form and the focus, handed to the app's page once it is shown.
  const carried = server && carry ? carry(server, doc) : null;
  server?.remove();
  const container = detached.get(doc);
  if (container) {
    detached.delete(doc);
    doc.getElementById('root')?.after(container);
  }
  const shown = doc.getElementById(APP_CONTAINER_ID);
  if (shown?.hidden) shown.hidden = false;
  // In a microtask: the swap runs inside the app's commit (app/page-view), and the forms' change
  // events are handled as a visitor's, outside it. It still comes before the next paint.
  if (carried && shown) queueMicrotask(() => carried(shown));
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
