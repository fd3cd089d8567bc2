import { describe, expect, it } from 'vitest';
import { mayOpenEventModal } from './overlay-order';

describe('the order of the first-visit dialogs', () => {
  it('opens the event modal only after the consent choice, and never over another dialog', () => {
    const shown = { appShown: true };
    expect(mayOpenEventModal({ ...shown, consentSettled: false, otherDialogOpen: false })).toBe(false);
    expect(mayOpenEventModal({ ...shown, consentSettled: true, otherDialogOpen: true })).toBe(false);
    expect(mayOpenEventModal({ ...shown, consentSettled: false, otherDialogOpen: true })).toBe(false);
    expect(mayOpenEventModal({ ...shown, consentSettled: true, otherDialogOpen: false })).toBe(true);
  });

  it('waits for the app to be on screen: a dialog behind the server HTML could not take focus', () => {
    expect(mayOpenEventModal({ appShown: false, consentSettled: true, otherDialogOpen: false })).toBe(false);
  });
});
