// Keyboard focus inside a modal dialog: Tab and Shift+Tab go round within the panel, focus that
// lands outside it is brought back, Escape closes. Shared by the event modal and the expanded player.

import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last focusable element goes to the first, Shift+Tab from the first to the last. */
export function wrapTab(event: KeyboardEvent, panel: HTMLElement | null): void {
  if (!panel) return;
  const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !panel.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * While mounted and `enabled`: focus `initial`, keep focus within `panel` (Tab wraps, focus outside comes back)
 * and call `onEscape` on Escape. Where focus goes afterwards is the caller's choice.
 */
export function useDialogFocus(
  panel: RefObject<HTMLElement | null>,
  initial: RefObject<HTMLElement | null>,
  onEscape: () => void,
  enabled = true,
): void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);
  // Before the browser paints the dialog, not after: a dialog that comes from a lazy chunk renders
  // outside the click that opened it, so React may run plain effects after it shows, and an Escape
  // pressed in between was lost (seen in a whole e2e run, mini-player-layout.spec).
  useLayoutEffect(() => {
    if (!enabled) return;
    initial.current?.focus();
    const keepFocusInside = (event: FocusEvent) => {
      const element = panel.current;
      if (element && event.target instanceof Node && !element.contains(event.target))
        initial.current?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscapeRef.current();
      } else if (event.key === 'Tab') {
        wrapTab(event, panel.current);
      }
    };
    document.addEventListener('focusin', keepFocusInside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.removeEventListener('keydown', onKey);
    };
  }, [panel, initial, enabled]);
}
