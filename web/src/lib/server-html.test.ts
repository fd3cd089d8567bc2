import { afterEach, describe, expect, it, vi } from 'vitest';
import { appContainer, revealApp, serverHtmlShown, whenAppShown } from './server-html';

function element(selector: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

// jsdom has no PointerEvent; the listeners read only the type.
function pointer(target: Element, type: 'pointerup' | 'pointercancel') {
  target.dispatchEvent(new Event(type, { bubbles: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

/**
 * A page whose server HTML and app hold the same video, the server's started by the visitor before
 * or after the script read the page, then revealed: answers the app's video's `play`, watched. A
 * fresh copy of the module, since an earlier test has loaded the code that carries input over.
 */
async function revealWithVideoStarted(when: 'before any script' | 'after the script') {
  vi.resetModules();
  const { appContainer, revealApp, serverHtmlShown } = await import('./server-html');
  const video = '<video aria-label="Veldrit" controls preload="none"></video>';
  document.body.innerHTML = `<div id="root"><div data-server-html>${video}</div></div>`;
  const started = document.querySelector('[data-server-html] video') as HTMLVideoElement;
  const start = () => Object.defineProperty(started, 'paused', { value: false, configurable: true });
  if (when === 'before any script') start();
  const container = appContainer();
  container?.insertAdjacentHTML('beforeend', video);
  if (when === 'after the script') {
    start();
    started.dispatchEvent(new Event('play'));
  }
  const play = vi
    .spyOn(container?.querySelector('video') as HTMLVideoElement, 'play')
    .mockResolvedValue(undefined);
  revealApp();
  await vi.waitFor(() => expect(serverHtmlShown()).toBe(false), { timeout: 5000 });
  return play;
}

describe('server HTML takeover', () => {
  it('renders into #root itself when the server sent no page HTML', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(appContainer()).toBe(document.getElementById('root'));
    expect(serverHtmlShown()).toBe(false);
  });

  it('keeps the server HTML visible until the app reveals itself, then swaps in one step', () => {
    document.body.innerHTML =
      '<div id="root"><div class="app" data-server-html><h1>Gids</h1></div></div><script></script>';
    const container = appContainer();
    expect(container).not.toBeNull();
    expect(container?.id).toBe('app-root');
    // Out of the document while the app renders into it: one copy of the page at a time.
    expect(container?.isConnected).toBe(false);
    container?.append(Object.assign(document.createElement('h1'), { textContent: 'Gids (app)' }));
    expect(serverHtmlShown()).toBe(true);
    expect([...document.querySelectorAll('h1')].map((h) => h.textContent)).toEqual(['Gids']);

    revealApp();
    expect(serverHtmlShown()).toBe(false);
    expect(document.querySelector('[data-server-html]')).toBeNull();
    expect(document.getElementById('root')?.nextElementSibling).toBe(container);
    expect(container?.hidden).toBe(false);
    expect([...document.querySelectorAll('h1')].map((h) => h.textContent)).toEqual(['Gids (app)']);
    revealApp(); // idempotent (StrictMode runs effects twice)
    expect(container?.hidden).toBe(false);
  });

  it('calls whenAppShown back at the reveal, once, unless cancelled', () => {
    document.body.innerHTML = '<div id="root"><div data-server-html><h1>Gids</h1></div></div>';
    const container = appContainer();
    const calls: string[] = [];
    whenAppShown(() => calls.push(`a: ${String(container?.isConnected)}`));
    const cancel = whenAppShown(() => calls.push('b'));
    cancel();
    expect(calls).toEqual([]);
    revealApp();
    expect(calls).toEqual(['a: true']);
    revealApp();
    expect(calls).toEqual(['a: true']);
  });

  // jsdom counts the focused element as :active: focus stands in for a press here.
  it('holds the reveal back while the server HTML is pressed, until the release has clicked', () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML =
        '<div id="root"><div data-server-html><a href="/nieuws?page=2">Volgende</a></div></div>';
      appContainer();
      const link = element('a');
      link.focus();
      revealApp();
      expect(serverHtmlShown()).toBe(true);
      vi.advanceTimersByTime(1000);
      revealApp();
      expect(serverHtmlShown()).toBe(true);
      let clickedWhileShown = false;
      link.addEventListener('click', (event) => {
        event.preventDefault();
        clickedWhileShown = link.isConnected;
      });
      // The release's task: pointerup, mouseup, click.
      link.blur();
      pointer(link, 'pointerup');
      link.click();
      expect(clickedWhileShown).toBe(true);
      vi.advanceTimersByTime(0);
      expect(serverHtmlShown()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reveals after a cancelled press, and after a press held too long', () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<div id="root"><div data-server-html><a href="/">Home</a></div></div>';
      appContainer();
      element('a').focus();
      revealApp();
      pointer(element('a'), 'pointercancel');
      expect(serverHtmlShown()).toBe(false);

      document.body.innerHTML = '<div id="root"><div data-server-html><a href="/">Home</a></div></div>';
      appContainer();
      element('a').focus();
      revealApp();
      vi.advanceTimersByTime(9999);
      expect(serverHtmlShown()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(serverHtmlShown()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not held back by a press outside the server HTML', async () => {
    document.body.innerHTML =
      '<div id="root"><div data-server-html><p>Tekst</p></div></div><button type="button">Cookies</button>';
    appContainer();
    element('button').focus();
    revealApp();
    // (At most until the code that carries input over has loaded, which an earlier test's focus
    // in the server HTML may have started: a press would hold it for 10 s.)
    await vi.waitFor(() => expect(serverHtmlShown()).toBe(false), { timeout: 5000 });
  });

  it('waits for the code that carries input over when the visitor chose in the server HTML', async () => {
    document.body.innerHTML = `<div id="root"><div data-server-html><form aria-label="Filters">
      <select name="channel"><option value="radio2" selected>Radio 2</option><option value="3fm">3FM</option></select>
      </form></div></div>`;
    // Chosen before any script ran. (Not focused: jsdom takes a focused element for :active, a press.)
    (document.querySelector('[data-server-html] select') as HTMLSelectElement).value = '3fm';
    const container = appContainer();
    container?.insertAdjacentHTML(
      'beforeend',
      '<form aria-label="Filters"><select name="channel"><option value="radio2">Radio 2</option><option value="3fm">3FM</option></select></form>',
    );
    revealApp();
    await vi.waitFor(() => expect(serverHtmlShown()).toBe(false), { timeout: 5000 });
    await vi.waitFor(() =>
      expect((container?.querySelector('select') as HTMLSelectElement).value).toBe('3fm'),
    );
  });

  it("waits for the code that carries input over when a player of the server HTML starts, and plays the app's", async () => {
    const play = await revealWithVideoStarted('after the script');
    await vi.waitFor(() => expect(play).toHaveBeenCalledOnce());
  });

  it("plays the app's player when the server HTML's was started before any script ran", async () => {
    const play = await revealWithVideoStarted('before any script');
    await vi.waitFor(() => expect(play).toHaveBeenCalledOnce());
  });

  it('calls whenAppShown back at once when no server HTML is shown', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const calls: string[] = [];
    whenAppShown(() => calls.push('a'));
    expect(calls).toEqual(['a']);
  });

  it('answers null without #root', () => {
    document.body.innerHTML = '';
    expect(appContainer()).toBeNull();
  });
});
