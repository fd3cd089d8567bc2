import { describe, expect, it } from 'vitest';
import { hourSlots } from './hour-slots';

describe('hourSlots', () => {
  it('offers the whole day and 24 slots for another day', () => {
    const slots = hourSlots('2026-11-20', new Date('2026-11-21T10:30:00Z'));
    expect(slots).toHaveLength(25);
    expect(slots[0]).toEqual({ id: '0_24', name: 'Hele dag' });
    expect(slots[1]).toEqual({ id: '0_1', name: '0:00-1:00' });
    expect(slots[24]).toEqual({ id: '23_24', name: '23:00-24:00' });
  });
  it('offers today only the slots up to the current Amsterdam hour + 1', () => {
    // 10:30 UTC is 11:30 in Amsterdam in winter.
    const slots = hourSlots('2026-11-21', new Date('2026-11-21T10:30:00Z'));
    expect(slots.at(-1)).toEqual({ id: '11_12', name: '11:00-12:00' });
    expect(slots).toHaveLength(13);
  });
  it('uses the Amsterdam date near midnight', () => {
    // 23:30 UTC on the 20th is 00:30 on the 21st in Amsterdam.
    const slots = hourSlots('2026-11-21', new Date('2026-11-20T23:30:00Z'));
    expect(slots.map((s) => s.id)).toEqual(['0_24', '0_1']);
  });
});
