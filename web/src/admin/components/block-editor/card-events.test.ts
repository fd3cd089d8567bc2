import { describe, expect, it } from 'vitest';
import { cardStopsEvent } from './card-events';

// A card as block-nodes.tsx draws it: a heading, a labelled field with a help text, a button.
function card() {
  const root = document.createElement('div');
  root.innerHTML = `<div class="admin-block__head"><span>Afbeelding</span><button type="button">Verwijderen</button></div>
    <label for="alt">Alt-tekst</label><input id="alt"><p class="admin-hint">Wat er te zien is.</p>`;
  document.body.append(root);
  return root;
}

/** The element of `root` that `selector` finds (the test's own markup: always there). */
function part(root: Element, selector: string): Element {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

/** Dispatches `type` on `target`, answering what cardStopsEvent said and whether it prevented it. */
function decide(target: EventTarget, type: string) {
  const event =
    type === 'mousedown'
      ? new MouseEvent(type, { bubbles: true, cancelable: true })
      : new Event(type, { bubbles: true, cancelable: true });
  let stops = false;
  const listener = (seen: Event) => {
    stops = cardStopsEvent(seen);
  };
  document.body.addEventListener(type, listener);
  target.dispatchEvent(event);
  document.body.removeEventListener(type, listener);
  return { stops, prevented: event.defaultPrevented };
}

describe('cardStopsEvent', () => {
  it('keeps a press on the chrome from ProseMirror and from moving the selection', () => {
    const root = card();
    const heading = part(root, 'span');
    expect(decide(heading, 'mousedown')).toEqual({ stops: true, prevented: true });
    expect(decide(heading.firstChild ?? heading, 'mousedown')).toEqual({ stops: true, prevented: true });
    expect(decide(part(root, '.admin-hint'), 'mousedown')).toEqual({ stops: true, prevented: true });
    expect(decide(part(root, 'label'), 'mousedown')).toEqual({ stops: true, prevented: true });
  });

  it("leaves the card's controls their own events, unprevented", () => {
    const root = card();
    expect(decide(part(root, 'input'), 'mousedown')).toEqual({ stops: true, prevented: false });
    expect(decide(part(root, 'input'), 'keydown')).toEqual({ stops: true, prevented: false });
    expect(decide(part(root, 'button'), 'mousedown')).toEqual({ stops: true, prevented: false });
  });

  it('leaves dragging and dropping, and other events on the chrome, to ProseMirror', () => {
    const root = card();
    expect(decide(part(root, 'span'), 'dragstart')).toEqual({ stops: false, prevented: false });
    expect(decide(part(root, 'span'), 'drop')).toEqual({ stops: false, prevented: false });
    expect(decide(part(root, 'span'), 'copy')).toEqual({ stops: false, prevented: false });
  });
});
