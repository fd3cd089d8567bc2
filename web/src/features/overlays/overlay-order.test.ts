import { describe, expect, it } from 'vitest';
import { mayOpenEventModal } from './overlay-order';

describe('the order of the first-visit dialogs', () => {
  it('opens the event modal only after the consent choice, and never over another dialog', () => {
    expect(mayOpenEventModal({ consentSettled: false, otherDialogOpen: false })).toBe(false);
    expect(mayOpenEventModal({ consentSettled: true, otherDialogOpen: true })).toBe(false);
    expect(mayOpenEventModal({ consentSettled: false, otherDialogOpen: true })).toBe(false);
    expect(mayOpenEventModal({ consentSettled: true, otherDialogOpen: false })).toBe(true);
  });
});
