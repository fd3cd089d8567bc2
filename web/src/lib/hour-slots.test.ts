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
  it('counts the Amsterdam hour across the daylight-saving changes', () => {
    // Sunday 29 March 2026: 01:30 UTC is 03:30 summer time (02:00-03:00 did not happen).
    expect(hourSlots('2026-03-29', new Date('2026-03-29T01:30:00Z')).at(-1)).toEqual({
      id: '3_4',
      name: '3:00-4:00',
    });
    // 00:30 UTC is 01:30 winter time, just before the change.
    expect(hourSlots('2026-03-29', new Date('2026-03-29T00:30:00Z')).at(-1)?.id).toBe('1_2');
    // Sunday 25 October 2026: 02:30 happens twice, at 00:30 UTC (summer) and 01:30 UTC (winter).
    expect(hourSlots('2026-10-25', new Date('2026-10-25T00:30:00Z')).at(-1)?.id).toBe('2_3');
    expect(hourSlots('2026-10-25', new Date('2026-10-25T01:30:00Z')).at(-1)?.id).toBe('2_3');
    expect(hourSlots('2026-10-25', new Date('2026-10-25T02:30:00Z')).at(-1)?.id).toBe('3_4');
    // 22:30 UTC on the 25th is 23:30 winter time, still the 25th: the whole day's 24 slots.
    expect(hourSlots('2026-10-25', new Date('2026-10-25T22:30:00Z'))).toHaveLength(25);
    // 22:30 UTC on the 29th is 00:30 summer time on the 30th: the 29th is a whole past day.
    expect(hourSlots('2026-03-29', new Date('2026-03-29T22:30:00Z'))).toHaveLength(25);
    expect(hourSlots('2026-03-30', new Date('2026-03-29T22:30:00Z')).map((s) => s.id)).toEqual([
      '0_24',
      '0_1',
    ]);
  });
  it('uses the Amsterdam date near midnight', () => {
    // 23:30 UTC on the 20th is 00:30 on the 21st in Amsterdam.
    const slots = hourSlots('2026-11-21', new Date('2026-11-20T23:30:00Z'));
    expect(slots.map((s) => s.id)).toEqual(['0_24', '0_1']);
  });
});
