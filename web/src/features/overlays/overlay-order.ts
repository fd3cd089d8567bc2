// The order of the first-visit dialogs, decided as a broadcaster would: the consent question comes
// first, the event modal only after the visitor's choice, and never two dialogs at once. Pure.

export interface DialogsNow {
  /** The consent box is out of the way: a choice is stored or made, or the box cannot load. */
  consentSettled: boolean;
  /** Another modal dialog (the expanded player) is open. */
  otherDialogOpen: boolean;
}

/** Whether the event modal may open now. */
export function mayOpenEventModal({ consentSettled, otherDialogOpen }: DialogsNow): boolean {
  return consentSettled && !otherDialogOpen;
}
