import { describe, expect, it } from 'vitest';

import { bulletinLabel } from './bulletin-label';

describe('the bulletin by its own time (issue 39)', () => {
  // Thursday 26 November 2026, 05:10 in Amsterdam.
  const now = new Date(Date.UTC(2026, 10, 26, 4, 10));
  it("names today's bulletin by its time", () => {
    expect(bulletinLabel('2026-11-26 05:00:00', now)).toBe('Het nieuws van 05:00');
  });
  it("says 'gisteren' or the weekday within the week", () => {
    expect(bulletinLabel('2026-11-25 22:00:00', now)).toBe('Het nieuws van gisteren 22:00');
    expect(bulletinLabel('2026-11-23 08:00:00', now)).toBe('Het nieuws van maandag 08:00');
  });
  it('gives the date when it is older', () => {
    expect(bulletinLabel('2026-11-12 12:00:00', now)).toBe(
      'Het nieuws van donderdag 12 november 2026, 12:00',
    );
  });
});
