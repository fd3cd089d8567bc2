import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  amsterdamParts,
  capitalise,
  dayTabLabel,
  formatDistance,
  formatDuration,
  formatLongDate,
  formatLongIsoDate,
  formatPublished,
  formatPublishedWithTime,
  formatTime,
  formatTimeRange,
  isBetween,
  isoToRouteDate,
  relativeDayLabel,
  routeDateToIso,
  toIsoDate,
  todayIso,
} from './format-date';

afterEach(() => vi.restoreAllMocks());

describe('Amsterdam wall clock', () => {
  it('formats near midnight in Amsterdam, not in the runner time zone', () => {
    // Winter: UTC+1. 23:30 UTC on the 20th is 00:30 on the 21st.
    expect(toIsoDate('2026-11-20T23:30:00Z')).toBe('2026-11-21');
    expect(formatTime('2026-11-20T23:30:00Z')).toBe('00:30');
    expect(toIsoDate('2026-11-20T22:59:59Z')).toBe('2026-11-20');
    expect(formatTime('2026-11-20T22:59:59Z')).toBe('23:59');
    // Summer: UTC+2. 22:15 UTC on 1 July is 00:15 on 2 July.
    expect(toIsoDate('2026-07-01T22:15:00Z')).toBe('2026-07-02');
    expect(todayIso(new Date('2026-07-01T22:15:00Z'))).toBe('2026-07-02');
  });

  it('handles the DST switch on 2026-03-29', () => {
    expect(formatTime('2026-03-29T00:59:00Z')).toBe('01:59');
    expect(formatTime('2026-03-29T01:00:00Z')).toBe('03:00');
    expect(amsterdamParts('2026-03-29T01:00:00Z')).toMatchObject({ year: 2026, month: 3, day: 29, hour: 3 });
    expect(toIsoDate('2026-03-28T23:00:00Z')).toBe('2026-03-29');
    expect(formatTimeRange('2026-03-29T00:00:00Z', '2026-03-29T02:00:00Z')).toBe('01:00–04:00');
  });

  it("writes a slot of a whole day as 'hele dag', not '00:00–00:00' (issue 51 polish)", () => {
    expect(formatTimeRange('2026-11-20T23:00:00Z', '2026-11-21T23:00:00Z')).toBe('hele dag');
    expect(formatTimeRange('2026-11-20T23:00:00Z', '2026-11-21T22:59:00Z')).toBe('00:00–23:59');
  });

  it('handles the DST switch on 2026-10-25', () => {
    expect(formatTime('2026-10-25T00:30:00Z')).toBe('02:30');
    expect(formatTime('2026-10-25T01:30:00Z')).toBe('02:30');
    expect(formatTime('2026-10-25T02:00:00Z')).toBe('03:00');
    expect(toIsoDate('2026-10-24T22:00:00Z')).toBe('2026-10-25');
    expect(toIsoDate('2026-10-25T22:59:00Z')).toBe('2026-10-25');
    expect(toIsoDate('2026-10-25T23:00:00Z')).toBe('2026-10-26');
  });
});

describe('calendar dates', () => {
  it('converts between route and ISO dates', () => {
    expect(isoToRouteDate('2026-03-09')).toBe('09-03-2026');
    expect(routeDateToIso('09-03-2026')).toBe('2026-03-09');
  });
  it('adds days across months, years and DST', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('writes Dutch long dates', () => {
    expect(formatLongIsoDate('2026-11-21')).toBe('zaterdag 21 november 2026');
    expect(formatLongDate('2026-03-29T01:30:00Z')).toBe('zondag 29 maart 2026');
  });
  it('labels Vandaag, Gisteren, Morgen and weekdays in Amsterdam', () => {
    const now = new Date('2026-11-20T23:30:00Z'); // Saturday 21 November, 00:30 in Amsterdam
    expect(relativeDayLabel('2026-11-21', now)).toBe('Vandaag');
    expect(relativeDayLabel('2026-11-20', now)).toBe('Gisteren');
    expect(relativeDayLabel('2026-11-22', now)).toBe('Morgen');
    expect(relativeDayLabel('2026-11-17', now)).toBe('Dinsdag');
    expect(dayTabLabel('2026-11-17', now)).toEqual({ label: 'Dinsdag', detail: '17 nov' });
  });
});

describe('relative formatters', () => {
  const now = new Date('2026-11-21T12:00:00Z'); // 13:00 in Amsterdam
  it('formats distances in Dutch', () => {
    expect(formatDistance(20_000)).toBe('minder dan een minuut');
    expect(formatDistance(60_000)).toBe('1 minuut');
    expect(formatDistance(5 * 60_000)).toBe('5 minuten');
    expect(formatDistance(60 * 60_000)).toBe('ongeveer 1 uur');
    expect(formatDistance(3 * 3600_000)).toBe('ongeveer 3 uur');
    expect(formatDistance(30 * 3600_000)).toBe('1 dag');
    expect(formatDistance(47 * 3600_000)).toBe('2 dagen');
  });
  it('formatter A: distance under 48 hours, else the long date', () => {
    expect(formatPublished('2026-11-21T11:55:00Z', now)).toBe('5 minuten geleden');
    expect(formatPublished('2026-11-19T13:00:00Z', now)).toBe('2 dagen geleden');
    expect(formatPublished('2026-11-19T11:00:00Z', now)).toBe('donderdag 19 november 2026');
  });
  it('formatter B: distance under 24 hours, then Gisteren, else date and time', () => {
    expect(formatPublishedWithTime('2026-11-21T09:00:00Z', now)).toBe('ongeveer 3 uur geleden');
    expect(formatPublishedWithTime('2026-11-20T08:00:00Z', now)).toBe('Gisteren, 09:00');
    // Near midnight: 23:30 UTC on the 19th is 00:30 on the 20th in Amsterdam, 22:59 UTC is still the 19th.
    expect(formatPublishedWithTime('2026-11-19T23:30:00Z', now)).toBe('Gisteren, 00:30');
    expect(formatPublishedWithTime('2026-11-19T22:59:00Z', now)).toBe('donderdag 19 november 2026, 23:59');
    expect(formatPublishedWithTime('2026-11-19T21:00:00Z', now)).toBe('donderdag 19 november 2026, 22:00');
  });
  it("formatter B: 'Gisteren' at an afternoon hour on a 24-hour clock", () => {
    // 16:45 UTC on the 20th is 17:45 in Amsterdam; a 12-hour clock would say 05:45.
    expect(formatPublishedWithTime('2026-11-20T16:45:00Z', new Date('2026-11-21T20:00:00Z'))).toBe(
      'Gisteren, 17:45',
    );
  });
  it('formatters A and B and the day labels across the daylight-saving changes', () => {
    // Spring: on Sunday 29 March 2026 Amsterdam goes from UTC+1 to UTC+2 (a 23-hour day).
    // 12:15 UTC on the 29th is 14:15 (summer time); now is Monday 30 March, 16:00.
    const monday30March = new Date('2026-03-30T14:00:00Z');
    expect(formatPublishedWithTime('2026-03-29T12:15:00Z', monday30March)).toBe('Gisteren, 14:15');
    // 00:30 UTC on the 29th is 01:30 (still winter time), 25.5 hours before.
    expect(formatPublishedWithTime('2026-03-29T00:30:00Z', new Date('2026-03-30T02:00:00Z'))).toBe(
      'Gisteren, 01:30',
    );
    expect(formatPublished('2026-03-28T14:00:00Z', monday30March)).toBe('zaterdag 28 maart 2026');
    expect(relativeDayLabel('2026-03-29', monday30March)).toBe('Gisteren');
    // Autumn: on Sunday 25 October 2026 Amsterdam goes from UTC+2 to UTC+1 (a 25-hour day).
    // 14:30 UTC on the 25th is 15:30 (winter time); now is Monday 26 October, 17:00.
    const monday26October = new Date('2026-10-26T16:00:00Z');
    expect(formatPublishedWithTime('2026-10-25T14:30:00Z', monday26October)).toBe('Gisteren, 15:30');
    // 22:30 UTC on the 24th is 00:30 on the 25th (summer time): yesterday, 26 hours before 01:30.
    const justAfterMidnight = new Date('2026-10-26T00:30:00Z');
    expect(formatPublishedWithTime('2026-10-24T22:30:00Z', justAfterMidnight)).toBe('Gisteren, 00:30');
    // 21:30 UTC on the 24th is 23:30 on the 24th: the day before yesterday.
    expect(formatPublishedWithTime('2026-10-24T21:30:00Z', justAfterMidnight)).toBe(
      'zaterdag 24 oktober 2026, 23:30',
    );
    expect(relativeDayLabel('2026-10-25', justAfterMidnight)).toBe('Gisteren');
    expect(relativeDayLabel('2026-10-26', justAfterMidnight)).toBe('Vandaag');
    // 48 hours before 17:00 on the 26th is 18:00 on the 24th (summer time), 49 on the clock.
    expect(formatPublished('2026-10-24T16:00:00Z', monday26October)).toBe('zaterdag 24 oktober 2026');
    expect(formatPublished('2026-10-24T16:00:01Z', monday26October)).toBe('2 dagen geleden');
  });
  it('capitalises the first letter only', () => {
    expect(capitalise('zaterdag 21 november 2026')).toBe('Zaterdag 21 november 2026');
    expect(capitalise('')).toBe('');
  });
  it('checks whether now lies in a slot', () => {
    expect(isBetween(now, '2026-11-21T11:00:00Z', '2026-11-21T12:00:01Z')).toBe(true);
    expect(isBetween(now, '2026-11-21T11:00:00Z', '2026-11-21T12:00:00Z')).toBe(false);
  });
});

describe('durations', () => {
  it('shows hours only when above 0 or forced', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3661)).toBe('1:01:01');
    expect(formatDuration(65, true)).toBe('0:01:05');
  });
});

describe('bad input', () => {
  it('logs and returns the raw input', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(formatTime('niet-een-datum')).toBe('niet-een-datum');
    expect(isoToRouteDate('2026-02-30')).toBe('2026-02-30');
    expect(routeDateToIso('2026-11-21')).toBe('2026-11-21');
    expect(relativeDayLabel('gisteren')).toBe('gisteren');
    expect(formatDuration(Number.NaN)).toBe('NaN');
    expect(error).toHaveBeenCalledTimes(5);
  });
});
