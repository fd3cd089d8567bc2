// The consent box the server draws into a first visit's page (server/src/shell/consent_box.cpp):
// its three choices, wired to the consent library once the app runs. It goes once a choice is
// stored; while the library's settings dialog is open it steps aside, and comes back when that
// dialog closes without a choice.

import './consent-box.css';

/** A choice offered by the box: store everything, store only what is necessary, or choose per category. */
export type ConsentBoxChoice = 'all' | 'necessary' | 'preferences';

const BOX_ID = 'consent-box';

/** The server's consent box in `doc`, or null when the page came without one. */
export function serverConsentBox(doc: Document = document): HTMLElement | null {
  return doc.getElementById(BOX_ID);
}

export interface ConsentBoxControl {
  /** Hides the box (the settings dialog is open). */
  stepAside(): void;
  /** Shows the box again (the settings dialog closed without a choice), focus on 'Zelf kiezen'. */
  comeBack(): void;
  /** Removes the box: a choice is stored. Focus goes back to where it was before the box had it. */
  close(): void;
}

function isChoice(value: string | undefined): value is ConsentBoxChoice {
  return value === 'all' || value === 'necessary' || value === 'preferences';
}

/**
 * Calls `choose` with the choice of each button of `box` pressed. Like the library's own box, the
 * box takes the focus when nothing else has it, so that a keyboard or screen reader finds it at
 * once although it comes last in the document.
 */
export function wireConsentBox(
  box: HTMLElement,
  choose: (choice: ConsentBoxChoice) => void,
): ConsentBoxControl {
  const doc = box.ownerDocument;
  // Where focus goes back to: what had it before the app ran (a listener may have tabbed in the
  // server's HTML already), then the last element focused outside the box.
  const active = doc.activeElement;
  let focusBefore: HTMLElement | null =
    active instanceof HTMLElement && active !== doc.body && !box.contains(active) ? active : null;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && !box.contains(event.target)) focusBefore = event.target;
  };
  doc.addEventListener('focusin', onFocusIn);
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const choice = button?.dataset.consentChoice;
    if (button && box.contains(button) && isChoice(choice)) choose(choice);
  };
  box.addEventListener('click', onClick);
  if (doc.activeElement === null || doc.activeElement === doc.body) box.focus();

  return {
    stepAside() {
      box.hidden = true;
    },
    comeBack() {
      if (!box.isConnected) return;
      box.hidden = false;
      box.querySelector<HTMLElement>('[data-consent-choice="preferences"]')?.focus();
    },
    close() {
      const hadFocus = box.contains(doc.activeElement);
      doc.removeEventListener('focusin', onFocusIn);
      box.removeEventListener('click', onClick);
      box.remove();
      if (hadFocus && focusBefore?.isConnected) focusBefore.focus();
    },
  };
}
