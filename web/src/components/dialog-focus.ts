// Keyboard focus inside a modal dialog: Tab and Shift+Tab go round within the panel, focus that
// lands outside it is brought back, Escape closes; the page behind can be kept from scrolling and
// focus returned on close. Shared by the event modal and the expanded player.

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
 * Focus back to `target` when it is still on the page and can take focus; otherwise to the main
 * content (tabindex -1), so that it never drops to the body and the next Tab starts from nowhere.
 */
function restoreFocus(target: HTMLElement | null): void {
  if (target?.isConnected) {
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return;
  }
  document.getElementById('main')?.focus({ preventScroll: true });
}

export interface DialogFocusOptions {
  /** The page behind does not scroll while the dialog is open. */
  lockScroll?: boolean;
  /**
   * Focus returns on close: to what `to` gives, else to where it was on open, else to the main
   * content. Without it, where focus goes afterwards is the caller's choice.
   */
  returnFocus?: { to?: (() => HTMLElement | null) | undefined };
}

/**
 * While mounted: focus `initial`, keep focus within `panel` (Tab wraps, focus outside comes back)
 * and call `onEscape` on Escape; with `options`, also lock the page's scroll and return focus on
 * close. Shared by the modal dialogs (the expanded player, the event modal).
 */
export function useDialogFocus(
  panel: RefObject<HTMLElement | null>,
  initial: RefObject<HTMLElement | null>,
  onEscape: () => void,
  options: DialogFocusOptions = {},
): void {
  const onEscapeRef = useRef(onEscape);
  const optionsRef = useRef(options);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);
  // Before the browser paints the dialog, not after: a dialog that comes from a lazy chunk renders
  // outside the click that opened it, so React may run plain effects after it shows, and an Escape
  // pressed in between was lost (seen in a whole e2e run, mini-player-layout.spec).
  useLayoutEffect(() => {
    const { lockScroll, returnFocus } = optionsRef.current;
    const active = document.activeElement;
    const previous =
      active instanceof HTMLElement && active !== document.body && !panel.current?.contains(active)
        ? active
        : null;
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
    const overflow = document.body.style.overflow;
    if (lockScroll) document.body.style.overflow = 'hidden';
    document.addEventListener('focusin', keepFocusInside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.removeEventListener('keydown', onKey);
      if (lockScroll) document.body.style.overflow = overflow;
      if (returnFocus) restoreFocus(returnFocus.to?.() ?? previous);
    };
  }, [panel, initial]);
}
