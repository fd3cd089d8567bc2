import { describe, expect, it } from 'vitest';
import { broadcast, broadcastHours } from '../../test/fixtures';
import {
  broadcastHourPlayable,
  broadcastPlayable,
  followingHours,
  formatOffset,
  hourStart,
  offsetInHour,
  playFromLabel,
  recordedHourOf,
} from './broadcast-playable';

describe('formatOffset', () => {
  it('writes minutes and seconds, hours only when there are any', () => {
    expect(formatOffset(0)).toBe('0:00');
    expect(formatOffset(245)).toBe('4:05');
    expect(formatOffset(3723)).toBe('1:02:03');
    expect(formatOffset(59.9)).toBe('0:59');
  });
  it('never writes a negative or broken offset', () => {
    expect(formatOffset(-5)).toBe('0:00');
    expect(formatOffset(Number.NaN)).toBe('0:00');
  });
  it('labels the track button', () => {
    expect(playFromLabel(3840)).toBe('Speel vanaf 1:04:00');
  });
});

describe('broadcastPlayable', () => {
  it('plays through the play API of the broadcast', () => {
    const playable = broadcastPlayable(broadcast);
    expect(playable.id).toBe('broadcast-501');
    expect(playable.type).toBe('broadcast');
    expect(playable.player.tokenUrl).toBe('/api/play/broadcast/501');
    expect(playable.player.parameters.find((p) => p.name === 'progressive')).toBeUndefined();
  });
});

describe('broadcastHourPlayable', () => {
  const hour = {
    from: '2026-11-21T06:00:00Z',
    until: '2026-11-21T07:00:00Z',
    label: 'Zaterdag 21 november 2026 07 - 08 uur',
    url: '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg/07-uur',
  };
  it('plays the hour through the play API, named by the unix seconds of its start', () => {
    expect(hourStart(hour)).toBe(1795240800);
    const playable = broadcastHourPlayable(broadcast, hour);
    expect(playable.id).toBe('broadcast-501-1795240800');
    expect(playable.type).toBe('broadcast');
    expect(playable.player.tokenUrl).toBe('/api/play/broadcast/501/1795240800');
    expect(playable.subtitle).toBe(hour.label);
    // The position's time of day counts from the hour, not from the broadcast.
    expect(playable.broadcastFrom).toBe(hour.from);
  });
});

describe('followingHours', () => {
  const hours = broadcastHours;
  it('gives the hours after the one shown, which play on as its queue', () => {
    const [first, second, third] = hours;
    if (!first || !second || !third) throw new Error('the fixture has three hours');
    expect(followingHours(hours, first).map((h) => h.url)).toEqual([second.url, third.url]);
    expect(followingHours(hours, third)).toEqual([]);
    const playable = broadcastHourPlayable(broadcast, first, [], followingHours(hours, first));
    expect(playable.queue.map((p) => p.player.tokenUrl)).toEqual([
      `/api/play/broadcast/501/${hourStart(second)}`,
      `/api/play/broadcast/501/${hourStart(third)}`,
    ]);
    expect(playable.queue[0]?.subtitle).toBe(second.label);
  });
  it('stops at an hour that has not ended (no recording yet) and knows no hour outside the list', () => {
    const [first, second, third] = hours;
    if (!first || !second || !third) throw new Error('the fixture has three hours');
    const onAir = [first, { ...second, ended: false }, third];
    expect(followingHours(onAir, first)).toEqual([]);
    expect(followingHours([second, third], first)).toEqual([]);
  });
});

describe('recordedHourOf and offsetInHour', () => {
  const recording = { available: true, durationSeconds: 3600, gaps: [] };
  const recorded = broadcastHours.map((hour) => ({ broadcast, hour, hours: broadcastHours, recording }));

  it('finds the hour that holds an instant, its start included and its end not', () => {
    expect(recordedHourOf(recorded, '2026-11-21T06:00:00Z')?.hour.from).toBe('2026-11-21T06:00:00Z');
    expect(recordedHourOf(recorded, '2026-11-21T06:59:59Z')?.hour.from).toBe('2026-11-21T06:00:00Z');
    expect(recordedHourOf(recorded, '2026-11-21T07:00:00Z')?.hour.from).toBe('2026-11-21T07:00:00Z');
    expect(recordedHourOf(recorded, '2026-11-21T08:00:00Z')).toBeUndefined();
    expect(recordedHourOf([], '2026-11-21T06:30:00Z')).toBeUndefined();
  });

  it("gives the instant's place in the hour in whole seconds", () => {
    const [first] = broadcastHours;
    if (!first) throw new Error('no hours');
    expect(offsetInHour(first, first.from)).toBe(0);
    expect(offsetInHour(first, '2026-11-21T05:40:30.900Z')).toBe(40 * 60 + 30);
    expect(offsetInHour(first, '2026-11-21T04:59:00Z')).toBe(0);
  });
});
