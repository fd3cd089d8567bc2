/** The geometry of a sideways scrolling strip, in CSS pixels. */
export interface StripBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** An item of the strip: where it starts in the strip's scrolled content, and its width. */
export interface ItemBox {
  left: number;
  width: number;
}

/** The strip's edge shade (global.css .day-tabs), under which an item does not count as in view. */
export const EDGE_SHADE_PX = 16;

/**
 * The scrollLeft that centres `item` in `strip` (within the strip's scroll range), or null when the
 * item is in view already, clear of the shades at the edges: a strip is moved only when it hides it.
 */
export function scrollLeftToShow(strip: StripBox, item: ItemBox, margin = EDGE_SHADE_PX): number | null {
  const start = strip.scrollLeft + margin;
  const end = strip.scrollLeft + strip.clientWidth - margin;
  if (item.left >= start && item.left + item.width <= end) return null;
  const max = Math.max(0, strip.scrollWidth - strip.clientWidth);
  const centred = item.left + item.width / 2 - strip.clientWidth / 2;
  return Math.round(Math.min(max, Math.max(0, centred)));
}

/**
 * Scrolls the day strip sideways so that its chosen day (aria-current) is in view; the page itself
 * does not scroll. CSS's scroll-initial-target does this on a first layout where a browser knows it.
 */
export function showChosenDay(strip: HTMLElement): void {
  const chosen = strip.querySelector<HTMLElement>('[aria-current="date"]');
  if (!chosen) return;
  const stripRect = strip.getBoundingClientRect();
  const itemRect = chosen.getBoundingClientRect();
  const left = itemRect.left - stripRect.left - strip.clientLeft + strip.scrollLeft;
  const next = scrollLeftToShow(strip, { left, width: itemRect.width });
  if (next !== null) strip.scrollLeft = next;
}
