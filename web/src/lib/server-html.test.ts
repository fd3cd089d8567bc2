import { afterEach, describe, expect, it } from 'vitest';
import { appContainer, revealApp, serverHtmlShown, whenAppShown } from './server-html';

afterEach(() => {
  document.body.innerHTML = '';
});

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
