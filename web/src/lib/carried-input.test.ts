import { afterEach, describe, expect, it, vi } from 'vitest';
import { carryInput } from './carried-input';

const FILTERS = `
  <form aria-label="Filters" action="/gedraaid">
    <label for="{p}-date">Datum</label>
    <select id="{p}-date" name="date">
      <option value="2026-11-28" selected>Vandaag</option><option value="2026-11-27">Gisteren</option>
    </select>
    <label for="{p}-time">Tijdvak</label>
    <select id="{p}-time" name="time"><option value="0_24" selected>Hele dag</option><option value="8_9">8:00-9:00</option></select>
    <label for="{p}-channel">Zender</label>
    <select id="{p}-channel" name="channel">
      <option value="radio2" selected>Radio 2</option><option value="3fm">3FM</option>
    </select>
    <input type="checkbox" name="tracks" value="1">
    <button type="submit">Toon nummers</button>
  </form>
  <form role="search"><input type="search" name="q" value=""></form>
  <a href="/gedraaid?page=2">Volgende</a>`;

function page(prefix: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = FILTERS.replaceAll('{p}', prefix);
  document.body.append(root);
  return root;
}

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return el as T;
}

// The carried choices and focus arrive in a microtask after the call.
const microtasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('carryInput', () => {
  it('gives a choice the visitor made in the server form to the same control of the app, as a change', async () => {
    const server = page('s');
    byId<HTMLSelectElement>('s-channel').value = '3fm';
    byId<HTMLInputElement>('s-channel').form?.querySelector<HTMLInputElement>('[name=tracks]')?.click();
    const carry = carryInput(server, document);
    server.remove();
    const app = page('a');
    const seen: string[] = [];
    app.addEventListener('change', (event) => seen.push((event.target as HTMLSelectElement).name));
    carry(app);
    await microtasks();
    expect(byId<HTMLSelectElement>('a-channel').value).toBe('3fm');
    expect(app.querySelector<HTMLInputElement>('[name=tracks]')?.checked).toBe(true);
    // Untouched controls keep what the app drew.
    expect(byId<HTMLSelectElement>('a-date').value).toBe('2026-11-28');
    expect(seen).toEqual(['channel', 'tracks']);
  });

  it('carries nothing when the visitor changed nothing', async () => {
    const server = page('s');
    const carry = carryInput(server, document);
    server.remove();
    const app = page('a');
    byId<HTMLSelectElement>('a-channel').value = '3fm';
    let changes = 0;
    app.addEventListener('change', () => (changes += 1));
    carry(app);
    await microtasks();
    expect(changes).toBe(0);
    expect(byId<HTMLSelectElement>('a-channel').value).toBe('3fm');
  });

  it('gives a choice whose option the app adds only after an earlier change, once it is there', async () => {
    const server = page('s');
    const serverTime = byId<HTMLSelectElement>('s-time');
    serverTime.append(new Option('20:00-21:00', '20_21'));
    byId<HTMLSelectElement>('s-date').value = '2026-11-27';
    serverTime.value = '20_21';
    const carry = carryInput(server, document);
    server.remove();
    const app = page('a');
    // As the app's page does: yesterday offers every hour, drawn after the date's change.
    byId<HTMLSelectElement>('a-date').addEventListener('change', () =>
      queueMicrotask(() => byId<HTMLSelectElement>('a-time').append(new Option('20:00-21:00', '20_21'))),
    );
    carry(app);
    await microtasks();
    expect(byId<HTMLSelectElement>('a-date').value).toBe('2026-11-27');
    expect(byId<HTMLSelectElement>('a-time').value).toBe('20_21');
  });

  it('gives typed text to the app as input', async () => {
    const server = page('s');
    const typed = server.querySelector<HTMLInputElement>('[name=q]');
    if (typed) typed.value = 'golven';
    const carry = carryInput(server, document);
    server.remove();
    const app = page('a');
    let inputs = 0;
    app.addEventListener('input', () => (inputs += 1));
    carry(app);
    await microtasks();
    expect(app.querySelector<HTMLInputElement>('[name=q]')?.value).toBe('golven');
    expect(inputs).toBe(1);
  });

  it('moves the focus to the same control or link of the app', async () => {
    const server = page('s');
    byId('s-channel').focus();
    let carry = carryInput(server, document);
    server.remove();
    let app = page('a');
    carry(app);
    await microtasks();
    expect(document.activeElement).toBe(byId('a-channel'));

    document.body.innerHTML = '';
    const withLink = page('s');
    withLink.querySelector<HTMLAnchorElement>('a')?.focus();
    carry = carryInput(withLink, document);
    withLink.remove();
    app = page('a');
    carry(app);
    await microtasks();
    expect(document.activeElement).toBe(app.querySelector('a'));
  });

  it('leaves the focus where the app put it, and on the page when it was nowhere', async () => {
    const server = page('s');
    byId('s-channel').focus();
    let carry = carryInput(server, document);
    server.remove();
    let app = page('a');
    byId('a-date').focus();
    carry(app);
    await microtasks();
    expect(document.activeElement).toBe(byId('a-date'));

    document.body.innerHTML = '';
    const unfocused = page('s');
    carry = carryInput(unfocused, document);
    unfocused.remove();
    app = page('a');
    carry(app);
    await microtasks();
    expect(document.activeElement).toBe(document.body);
  });

  it("lets the app's player of the same video go on where the visitor's was, and only that one", async () => {
    const players = `<video aria-label="Achter de schermen" controls preload="none"></video>
      <video aria-label="Veldrit" controls preload="none"></video>`;
    const server = document.createElement('div');
    server.innerHTML = players;
    document.body.append(server);
    const [, started] = Array.from(server.querySelectorAll('video'));
    // Started by the visitor in the browser's own player, 12.5 s in.
    Object.defineProperty(started, 'paused', { value: false, configurable: true });
    Object.defineProperty(started, 'currentTime', { value: 12.5, configurable: true });
    const carry = carryInput(server, document);
    server.remove();
    const app = document.createElement('div');
    app.innerHTML = players;
    document.body.append(app);
    const [untouched, counterpart] = Array.from(app.querySelectorAll('video'));
    const plays = [untouched, counterpart].map((video) =>
      vi.spyOn(video as HTMLVideoElement, 'play').mockResolvedValue(undefined),
    );
    carry(app);
    await microtasks();
    expect(counterpart?.currentTime).toBe(12.5);
    expect(plays[1]).toHaveBeenCalledOnce();
    expect(untouched?.currentTime).toBe(0);
    expect(plays[0]).not.toHaveBeenCalled();
  });

  it('gives a player the visitor paused its place, and leaves it paused', async () => {
    const player = '<video aria-label="Veldrit" controls preload="none"></video>';
    const server = document.createElement('div');
    server.innerHTML = player;
    document.body.append(server);
    Object.defineProperty(server.querySelector('video'), 'currentTime', { value: 61, configurable: true });
    const carry = carryInput(server, document);
    server.remove();
    const app = document.createElement('div');
    app.innerHTML = player;
    document.body.append(app);
    const video = app.querySelector('video') as HTMLVideoElement;
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
    carry(app);
    await microtasks();
    expect(video.currentTime).toBe(61);
    expect(play).not.toHaveBeenCalled();
  });
});
