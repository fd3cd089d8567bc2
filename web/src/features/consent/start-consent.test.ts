import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RunOptions } from './cookie-consent';

const runCookieConsent = vi.fn<(options: RunOptions) => Promise<void>>(async () => undefined);
const showPreferences = vi.fn();
const acceptChoice = vi.fn();
vi.mock('./cookie-consent', () => ({
  runCookieConsent,
  showPreferences,
  acceptChoice,
  acceptCategory: vi.fn(),
}));

/** The box as the server draws it (server/src/shell/consent_box.cpp), after a page's #root. */
function addServerBox(): HTMLElement {
  document.body.insertAdjacentHTML(
    'beforeend',
    '<a href="/nieuws" id="elsewhere">Nieuws</a>' +
      '<div id="consent-box" class="consent-box" role="dialog" aria-label="Toestemming voor cookies" tabindex="-1">' +
      '<h2>Cookies op deze site</h2><p>Tekst</p><div>' +
      '<button type="button" data-consent-choice="all">Alles accepteren</button>' +
      '<button type="button" data-consent-choice="necessary">Alleen noodzakelijk</button>' +
      '<button type="button" data-consent-choice="preferences">Zelf kiezen</button>' +
      '</div></div>',
  );
  return document.getElementById('consent-box') as HTMLElement;
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

// Frames are run by hand: the promise must wait for the frame after the library's run.
let frames: FrameRequestCallback[] = [];
// Idle callbacks are only collected: the library's idle run of one test (each has its own module)
// otherwise came in a later test, whose mock then held that call first (a flaky 'Zelf kiezen').
let idle: IdleRequestCallback[] = [];

beforeEach(() => {
  vi.resetModules();
  document.body.innerHTML = '';
  showPreferences.mockClear();
  acceptChoice.mockClear();
  runCookieConsent.mockClear();
  runCookieConsent.mockImplementation(async () => undefined);
  frames = [];
  idle = [];
  Object.defineProperty(window, 'requestIdleCallback', {
    configurable: true,
    writable: true,
    value: (callback: IdleRequestCallback) => idle.push(callback),
  });
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
});

afterEach(() => {
  Reflect.deleteProperty(window, 'requestIdleCallback');
  vi.restoreAllMocks();
  document.cookie = 'cc_cookie=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

/**
 * Whether a promise has resolved yet. The library is a dynamic import, so what follows a click
 * takes an unknown number of tasks: the tests wait for its effect (vi.waitFor), never for a
 * fixed time, which a loaded machine overran.
 */
function track(promise: Promise<void>): { done: boolean } {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
}

function paintFrame() {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
}

describe('startConsent', () => {
  it('on a first visit runs the library at once and resolves after the frame that follows', async () => {
    const { startConsent } = await import('./consent');
    const drawn = track(startConsent(document));
    // The frame is asked for once the library has run.
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    expect(runCookieConsent).toHaveBeenCalledTimes(1);
    expect(drawn.done).toBe(false);
    paintFrame();
    await vi.waitFor(() => expect(drawn.done).toBe(true));
  });

  it('resolves when the library cannot load, and no longer holds back what waits for a choice', async () => {
    runCookieConsent.mockImplementation(async () => {
      throw new Error('offline');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { startConsent } = await import('./consent');
    const { isConsentSettled } = await import('./consent-store');
    const drawn = track(startConsent(document));
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    paintFrame();
    await vi.waitFor(() => expect(drawn.done).toBe(true));
    expect(isConsentSettled()).toBe(true);
  });

  it('with a stored choice resolves at once and leaves the library for later', async () => {
    const expires = Date.now() + 86_400_000;
    document.cookie = `cc_cookie=${encodeURIComponent(
      JSON.stringify({ categories: ['necessary'], expirationTime: expires }),
    )}`;
    const { startConsent } = await import('./consent');
    await startConsent(document);
    expect(runCookieConsent).not.toHaveBeenCalled();
  });
});

describe("startConsent with the server's consent box", () => {
  it('resolves at once, focuses the box and leaves the library for later, without its own box', async () => {
    const box = addServerBox();
    const { startConsent } = await import('./consent');
    await startConsent(document);
    expect(document.activeElement).toBe(box);
    expect(runCookieConsent).not.toHaveBeenCalled();
    button('Alleen noodzakelijk').click();
    await vi.waitFor(() =>
      expect(runCookieConsent).toHaveBeenCalledWith(expect.objectContaining({ autoShow: false })),
    );
  });

  it('stores a choice through the library and goes once it is stored, focus back where it was', async () => {
    const box = addServerBox();
    const { startConsent } = await import('./consent');
    const store = await import('./consent-store');
    void startConsent(document);
    const elsewhere = document.getElementById('elsewhere') as HTMLElement;
    elsewhere.focus();
    button('Alles accepteren').focus();
    button('Alles accepteren').click();
    await vi.waitFor(() => expect(acceptChoice).toHaveBeenCalledWith('all'));
    expect(box.isConnected).toBe(true);
    // The library's onConsent: the choice is stored.
    store.setConsentState({ necessary: true, analytics: true, social: true }, true);
    expect(box.isConnected).toBe(false);
    expect(document.activeElement).toBe(elsewhere);
  });

  it('gives focus back to what had it before the app ran, and then leaves it there', async () => {
    const box = addServerBox();
    const elsewhere = document.getElementById('elsewhere') as HTMLElement;
    elsewhere.focus();
    const { startConsent } = await import('./consent');
    const store = await import('./consent-store');
    void startConsent(document);
    expect(document.activeElement).toBe(elsewhere);
    button('Alleen noodzakelijk').focus();
    button('Alleen noodzakelijk').click();
    await vi.waitFor(() => expect(acceptChoice).toHaveBeenCalledWith('necessary'));
    store.setConsentState({ necessary: true, analytics: false, social: false }, true);
    expect(box.isConnected).toBe(false);
    expect(document.activeElement).toBe(elsewhere);
  });

  it("'Zelf kiezen' opens the settings with the box aside, and brings it back when they close without a choice", async () => {
    const box = addServerBox();
    const { startConsent } = await import('./consent');
    void startConsent(document);
    button('Zelf kiezen').click();
    await vi.waitFor(() => expect(showPreferences).toHaveBeenCalledTimes(1));
    expect(box.hidden).toBe(true);
    const options = runCookieConsent.mock.calls[0]?.[0];
    options?.onPreferencesHidden?.();
    expect(box.hidden).toBe(false);
    expect(document.activeElement).toBe(button('Zelf kiezen'));
  });

  it('goes when the library cannot load, so that nothing waits for a box that cannot answer', async () => {
    runCookieConsent.mockImplementation(async () => {
      throw new Error('offline');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const box = addServerBox();
    const { startConsent } = await import('./consent');
    const { isConsentSettled } = await import('./consent-store');
    void startConsent(document);
    button('Alleen noodzakelijk').click();
    await vi.waitFor(() => expect(isConsentSettled()).toBe(true));
    expect(box.isConnected).toBe(false);
  });

  it('is removed when the cookie holds a choice after all', async () => {
    const box = addServerBox();
    document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ categories: ['necessary'] }))}`;
    const { startConsent } = await import('./consent');
    await startConsent(document);
    expect(box.isConnected).toBe(false);
  });
});
