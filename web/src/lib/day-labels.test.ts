import { describe, expect, it, vi } from 'vitest';
import { broadcastDayLabel, dayHeading } from './day-labels';

describe('dayHeading', () => {
  // 23:30 UTC on the 20th is already Saturday the 21st in Amsterdam.
  const now = new Date('2026-11-20T23:30:00Z');
  it('names today, yesterday and tomorrow before the long date', () => {
    expect(dayHeading('2026-11-21', now)).toBe('Vandaag, zaterdag 21 november 2026');
    expect(dayHeading('2026-11-20', now)).toBe('Gisteren, vrijdag 20 november 2026');
    expect(dayHeading('2026-11-22', now)).toBe('Morgen, zondag 22 november 2026');
  });
  it('shows other days as the capitalised long date', () => {
    expect(dayHeading('2026-11-23', now)).toBe('Maandag 23 november 2026');
    expect(dayHeading('2026-11-07', now)).toBe('Zaterdag 7 november 2026');
  });
  it('returns malformed input as it is, and logs why', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(dayHeading('geen-datum', now)).toBe('Geen-datum');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('broadcastDayLabel', () => {
  const now = new Date('2026-11-20T23:30:00Z');
  it('names today, tomorrow and yesterday, and other days by weekday and date', () => {
    expect(broadcastDayLabel('2026-11-21', now)).toBe('Vandaag');
    expect(broadcastDayLabel('2026-11-22', now)).toBe('Morgen');
    expect(broadcastDayLabel('2026-11-20', now)).toBe('Gisteren');
    expect(broadcastDayLabel('2026-11-27', now)).toBe('Vrijdag 27 november');
  });
});
