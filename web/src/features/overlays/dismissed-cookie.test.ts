import { describe, expect, it } from 'vitest';
import { dismissedCookie } from './dismissed-cookie';

describe('dismissedCookie', () => {
  it('lists the closed ids for a year, site-wide', () => {
    expect(dismissedCookie([3, 12])).toBe(
      'ether_maintenance_dismissed=3.12; Path=/; Max-Age=31536000; SameSite=Lax',
    );
  });

  it('deletes the cookie when nothing is closed', () => {
    expect(dismissedCookie([])).toBe('ether_maintenance_dismissed=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it('leaves out what is not an id, so the server never reads a malformed list', () => {
    expect(dismissedCookie([4, -1, 2.5, Number.NaN, 7])).toBe(
      'ether_maintenance_dismissed=4.7; Path=/; Max-Age=31536000; SameSite=Lax',
    );
  });
});
