// What a visitor did in the server's HTML before the app took it over (lib/server-html): a choice
// made in a form and not yet submitted, where the keyboard focus was, and a video started in the
// browser's own player. The app draws the same forms, links, buttons and videos in the same places,
// so the takeover hands all of it over to them; without it the takeover reset the choice (a
// channel picked in Gedraaid's filters a moment before), dropped the focus to the start of the
// page, and took a playing video out of the page mid-play (a phone that takes a second or two to
// start the app). A broadcast hour's recording has no player of its own in the app (the mini
// player plays it), so one started there stops at the takeover.

type Change =
  | { form: string; name: string; kind: 'select' | 'text'; value: string }
  | { form: string; name: string; kind: 'check'; value: string; checked: boolean };

type FormControl = HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement;

const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'date', 'time']);

// A form is known by its accessible name (or role) and its place among the forms of that name:
// the server's and the app's Gedraaid filters are both 'Filters', the header's search 'search'.
function formKey(form: HTMLFormElement, root: Element): string {
  const name = (candidate: Element) =>
    candidate.getAttribute('aria-label') ?? candidate.getAttribute('role') ?? '';
  const same = Array.from(root.querySelectorAll('form')).filter((other) => name(other) === name(form));
  return `${name(form)}#${same.indexOf(form)}`;
}

function formOf(key: string, root: Element): HTMLFormElement | null {
  return Array.from(root.querySelectorAll('form')).find((form) => formKey(form, root) === key) ?? null;
}

function controlsOf(form: HTMLFormElement): FormControl[] {
  return Array.from(form.elements).filter(
    (el): el is FormControl =>
      ['SELECT', 'INPUT', 'TEXTAREA'].includes(el.tagName) && (el as FormControl).name !== '',
  );
}

function changesIn(form: HTMLFormElement, key: string): Change[] {
  const changes: Change[] = [];
  for (const control of controlsOf(form)) {
    const { name } = control;
    if (control.tagName === 'SELECT') {
      const select = control as HTMLSelectElement;
      const byDefault = Math.max(
        0,
        Array.from(select.options).findIndex((option) => option.defaultSelected),
      );
      if (!select.multiple && select.selectedIndex >= 0 && select.selectedIndex !== byDefault) {
        changes.push({ form: key, name, kind: 'select', value: select.value });
      }
    } else if (control.tagName === 'TEXTAREA' || TEXT_TYPES.has((control as HTMLInputElement).type)) {
      if (control.value !== (control as HTMLInputElement).defaultValue) {
        changes.push({ form: key, name, kind: 'text', value: control.value });
      }
    } else {
      const input = control as HTMLInputElement;
      if ((input.type === 'checkbox' || input.type === 'radio') && input.checked !== input.defaultChecked) {
        changes.push({ form: key, name, kind: 'check', value: input.value, checked: input.checked });
      }
    }
  }
  return changes;
}

// Sets a value as a visitor's input does, so that React (which watches the element's own value
// property on its inputs) sees the change event that follows and runs the form's onChange.
function setValue(control: FormControl, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set;
  if (setter) setter.call(control, value);
  else control.value = value;
}

/** Gives one change to the app's form; false when the app's form has no place for it (yet). */
function apply(change: Change, app: Element): boolean {
  const form = formOf(change.form, app);
  if (!form) return false;
  const controls = controlsOf(form).filter((control) => control.name === change.name);
  if (change.kind === 'check') {
    const input = controls.find((control) => control.value === change.value) as HTMLInputElement | undefined;
    if (!input) return false;
    // A click, as the visitor's own, toggles it and tells React.
    if (input.checked !== change.checked) input.click();
    return true;
  }
  const control = controls[0];
  if (!control) return false;
  if (control.tagName === 'SELECT') {
    const select = control as HTMLSelectElement;
    if (!Array.from(select.options).some((option) => option.value === change.value)) return false;
    if (select.value === change.value) return true;
    setValue(select, change.value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }
  if (control.value === change.value) return true;
  setValue(control, change.value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}

// What identifies the focused element on both sides: a form's control by its form and name (and
// a radio's value), anything else by its tag, its link and its text.
function signature(el: Element, root: Element): string {
  const control = el as Partial<FormControl>;
  if (control.form && control.name) {
    const value = el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'radio' ? control.value : '';
    return `control ${formKey(control.form, root)} ${control.name} ${value ?? ''}`;
  }
  const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  return `${el.tagName} ${el.getAttribute('href') ?? ''} ${text}`;
}

function focusable(root: Element): Element[] {
  return Array.from(root.querySelectorAll('a[href], button, input, select, textarea, [tabindex]'));
}

/** A player of the server's HTML that has been started: where it was, and whether it still plays. */
interface Playback {
  key: string;
  time: number;
  playing: boolean;
}

// A player is known on both sides by its element and its accessible name (a video's title).
const mediaKey = (media: HTMLMediaElement) => `${media.tagName} ${media.getAttribute('aria-label') ?? ''}`;

const mediaIn = (root: Element) => Array.from(root.querySelectorAll<HTMLMediaElement>('audio, video'));

function playbacksIn(server: Element): Playback[] {
  return mediaIn(server)
    .filter((media) => !media.paused || media.currentTime > 0)
    .map((media) => ({ key: mediaKey(media), time: media.currentTime, playing: !media.paused }));
}

// The app's player goes on from there: its position is set before it has loaded anything (preload
// none), which the browser keeps as where loading starts, and a listener's start carries over, so
// the browser lets it play.
function resume(playback: Playback, app: Element): void {
  const media = mediaIn(app).find((candidate) => mediaKey(candidate) === playback.key);
  if (!media) return;
  media.currentTime = playback.time;
  if (playback.playing) void media.play().catch(() => undefined);
}

/**
 * Reads what the visitor did in the server's HTML, before it is removed. The returned function,
 * called once the app's container is shown, gives the form choices to the app's forms, lets the
 * app's players go on where the visitor's were, and moves the focus to the app's counterpart of the
 * focused element.
 */
export function carryInput(server: Element, doc: Document): (app: Element) => void {
  const changes = Array.from(server.querySelectorAll('form')).flatMap((form) =>
    changesIn(form, formKey(form, server)),
  );
  const playbacks = playbacksIn(server);
  const active = doc.activeElement;
  const focused = active && active !== server && server.contains(active) ? active : null;
  const focusedSignature = focused ? signature(focused, server) : null;
  const focusedOrdinal = focused
    ? focusable(server)
        .filter((el) => signature(el, server) === focusedSignature)
        .indexOf(focused)
    : -1;

  return (app) => {
    for (const playback of playbacks) resume(playback, app);
    // A choice may depend on another: the hour slots offered follow the date chosen. React draws
    // the new options in a microtask of its own, queued by the first change, so the rest is given
    // in a microtask after it; the focus moves last, to the control as it is then.
    const waiting = changes.filter((change) => !apply(change, app));
    queueMicrotask(() => {
      for (const change of waiting) apply(change, app);
      // Unless the app has put the focus somewhere itself since.
      const now = app.ownerDocument.activeElement;
      if (!focusedSignature || (now && now !== app.ownerDocument.body)) return;
      const counterparts = focusable(app).filter((el) => signature(el, app) === focusedSignature);
      const counterpart = counterparts[Math.max(0, focusedOrdinal)] ?? counterparts[0];
      if (counterpart instanceof HTMLElement || counterpart instanceof SVGElement) {
        counterpart.focus({ preventScroll: true });
      }
    });
  };
}
