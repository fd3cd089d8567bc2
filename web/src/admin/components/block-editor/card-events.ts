// Which events inside a block card ProseMirror leaves to the card (issue 48). A click on a card's
// chrome (its heading, a help text, its picture) made ProseMirror select the whole card, without a
// visible mark, and the next letter typed replaced it. Now such a press selects nothing and moves
// no focus; the card's own controls keep their events; dragging and dropping stay ProseMirror's.

/** A card's own controls, which take the pointer and the keyboard themselves. */
const CONTROLS = 'input, textarea, select, button, a[href]';

/** True when ProseMirror is to ignore `event`, which happened inside a block card. */
export function cardStopsEvent(event: Event): boolean {
  const { target } = event;
  const element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  if (!element) return false;
  if (event.type.startsWith('drag') || event.type === 'drop') return false;
  if (element.closest(CONTROLS)) return true;
  if (event.type === 'mousedown') {
    // Neither ProseMirror nor the browser moves the selection into the card: the caret and the
    // focus stay where they were (a label's click still focuses its field).
    event.preventDefault();
    return true;
  }
  return false;
}
