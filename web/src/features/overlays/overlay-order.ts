// The order of the first-visit dialogs, decided as a broadcaster would: the consent question comes
// first, the event modal only after the visitor's choice, and never two dialogs at once; and not
// before the app's page is on screen. Pure.

export interface DialogsNow {
  /** The consent box is out of the way: a choice is stored or made, or the box cannot load. */
  consentSettled: boolean;
  /** Another modal dialog (the expanded player) is open. */
  otherDialogOpen: boolean;
  /**
   * The app's own page is in the document (lib/server-html). Before that it renders outside the
   * document, behind the server's HTML: a dialog opened there is not seen and cannot take focus.
   */
  appShown: boolean;
}

/** Whether the event modal may open now. */
export function mayOpenEventModal({ consentSettled, otherDialogOpen, appShown }: DialogsNow): boolean {
  return appShown && consentSettled && !otherDialogOpen;
}
