import { afterEach, describe, expect, it } from 'vitest';
import { wireServerBanner } from './server-banner';
import { SERVER_BANNER_CLOSED } from './server-banner-event';
import type { KeyValueStorage } from './storage';

function memory(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'ether_maintenance_dismissed=; Path=/; Max-Age=0';
});

describe('wireServerBanner', () => {
  it("closes the server's banner as the app's close button does, and tells the app", () => {
    document.body.innerHTML = `<div id="root"><div data-server-html>
      <section class="maintenance-banner" data-notification-id="7"><p>Onderhoud</p>
      <button type="button" class="maintenance-banner__close">x</button></section></div></div>`;
    const local = memory();
    local.setItem('ether-maintenance-notifications', '[2]');
    const closed: number[] = [];
    document.addEventListener(SERVER_BANNER_CLOSED, (event) =>
      closed.push((event as CustomEvent<number>).detail),
    );
    wireServerBanner('ether', local);
    document.querySelector<HTMLButtonElement>('.maintenance-banner__close')?.click();
    expect(document.querySelector('.maintenance-banner')).toBeNull();
    expect(local.items.get('ether-maintenance-notifications')).toBe('[2,7]');
    expect(document.cookie).toContain('ether_maintenance_dismissed=2.7');
    expect(closed).toEqual([7]);
  });

  it("leaves the app's own banner and other buttons alone", () => {
    document.body.innerHTML = `<div id="app-root"><section class="maintenance-banner" data-notification-id="7">
      <button type="button" class="maintenance-banner__close">x</button></section></div>`;
    const local = memory();
    wireServerBanner('ether', local);
    document.querySelector<HTMLButtonElement>('.maintenance-banner__close')?.click();
    expect(document.querySelector('.maintenance-banner')).not.toBeNull();
    expect(local.items.size).toBe(0);
  });
});
