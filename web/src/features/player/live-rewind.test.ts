import { describe, expect, it } from 'vitest';

import {
  behindLiveLabel,
  clampToWindow,
  isAtLiveEdge,
  liveEdgeAt,
  nextRewindSource,
  parseRewindWindow,
  programmeAt,
  rewindBarView,
  rewindKeyValue,
  rewindSourceAt,
  rewindValueText,
  windowStartAt,
} from './live-rewind';
import { isRecordedIn } from './recorded-spans';

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing');
  return value;
}

// 26 Nov 2026, 16:00 UTC = 17:00 in Amsterdam.
const H16 = Date.UTC(2026, 10, 26, 16);
const HOUR = 3_600_000;

const answer = {
  channel: 'radio2',
  fromMs: H16 - HOUR + 1_800_000, // 16:30 Amsterdam
  untilMs: H16 + 2_400_000, // 17:40
  environmentDomain: 'https://stream.example',
  hours: [
    { fromMs: H16 - HOUR + 1_800_000, untilMs: H16, url: '/hls/radio2/t/hour/2026-11-26T15.m3u8' },
    { fromMs: H16, untilMs: H16 + 2_400_000, url: '/hls/radio2/t/hour/2026-11-26T16.m3u8' },
  ],
  programmes: [
    { fromMs: H16 - HOUR + 1_800_000, untilMs: H16, name: 'Middag', url: '/hls/radio2/t/programme/a-b.m3u8' },
    {
      fromMs: H16,
      untilMs: H16 + 2_400_000,
      startsAtMs: H16,
      endsAtMs: H16 + 2 * HOUR,
      name: 'Avondspits',
      url: '/hls/radio2/t/programme/c-d.m3u8',
    },
  ],
};
const fetchedAt = H16 + 2_400_000;
const window = must(parseRewindWindow(answer, 'https://site.example', fetchedAt));

describe('parseRewindWindow', () => {
  it('makes the playlists absolute against the stream domain', () => {
    expect(must(window.hours[0]).url).toBe('https://stream.example/hls/radio2/t/hour/2026-11-26T15.m3u8');
    expect(window.programmes[1]).toMatchObject({ name: 'Avondspits', fromMs: H16 });
  });
  it('uses the site origin without a stream domain, and refuses an answer without a window', () => {
    const own = must(
      parseRewindWindow({ ...answer, environmentDomain: undefined }, 'https://site.example', 0),
    );
    expect(must(own.hours[1]).url).toBe('https://site.example/hls/radio2/t/hour/2026-11-26T16.m3u8');
    expect(parseRewindWindow({ error: { code: 'no_timeshift' } }, 'https://site.example', 0)).toBeNull();
    expect(parseRewindWindow({ fromMs: 5, untilMs: 5 }, 'https://site.example', 0)).toBeNull();
  });
});

describe('the live edge and the window', () => {
  it('moves on with the clock after the window was fetched', () => {
    expect(liveEdgeAt(window, fetchedAt + 20_000)).toBe(answer.untilMs + 20_000);
    expect(isAtLiveEdge(window, answer.untilMs + 15_000, fetchedAt + 20_000)).toBe(true);
    expect(isAtLiveEdge(window, answer.untilMs + 5_000, fetchedAt + 20_000)).toBe(false);
  });
  it('keeps a position inside the window', () => {
    expect(clampToWindow(window, 0, fetchedAt)).toBe(answer.fromMs + 1000);
    expect(clampToWindow(window, H16 + 10 * HOUR, fetchedAt)).toBe(answer.untilMs);
    expect(clampToWindow(window, H16 + 5000, fetchedAt)).toBe(H16 + 5000);
  });
  it('moves the start on with the clock only where the window length limits it', () => {
    expect(window.fromMoves).toBe(true);
    expect(windowStartAt(window, fetchedAt + 8000)).toBe(answer.fromMs + 8000);
    // Held by the oldest recording (or the programme on air): the programme's first recorded second
    // stays where it is however long ago the window was fetched.
    const held = must(parseRewindWindow({ ...answer, fromMoves: false }, 'https://site.example', fetchedAt));
    expect(held.fromMoves).toBe(false);
    expect(windowStartAt(held, fetchedAt + 8000)).toBe(answer.fromMs);
    expect(clampToWindow(held, 0, fetchedAt + 8000)).toBe(answer.fromMs + 1000);
  });
});

describe('rewindSourceAt', () => {
  it('finds the hour playlist and the seconds into it, on both sides of the hour', () => {
    expect(rewindSourceAt(window, H16 - 1000)).toMatchObject({
      url: must(window.hours[0]).url,
      startAt: 1799,
    });
    expect(rewindSourceAt(window, H16)).toMatchObject({ url: must(window.hours[1]).url, startAt: 0 });
    expect(rewindSourceAt(window, H16 + 65_500)).toMatchObject({ startAt: 65.5, fromMs: H16 });
  });
  it('finds the running hour past the edge as fetched, but nothing outside the window', () => {
    expect(rewindSourceAt(window, answer.untilMs + 60_000)).toMatchObject({
      url: must(window.hours[1]).url,
      startAt: 2460,
    });
    expect(rewindSourceAt(window, H16 + HOUR)).toBeNull();
    expect(rewindSourceAt(window, answer.fromMs - 1)).toBeNull();
  });
  it('plays an instant that no recorded hour holds from the next recorded hour', () => {
    // Nothing was recorded from 16:30 to 17:00 Amsterdam: that hour is not in the window's hours.
    const gap = parseRewindWindow(
      {
        ...answer,
        fromMs: H16 - 2 * HOUR,
        hours: [{ ...answer.hours[0], fromMs: H16 - 2 * HOUR, untilMs: H16 - HOUR }, answer.hours[1]],
      },
      'https://site.example',
      fetchedAt,
    );
    expect(rewindSourceAt(must(gap), H16 - HOUR + 60_000)).toMatchObject({
      url: must(must(gap).hours[1]).url,
      startAt: 0,
      fromMs: H16,
    });
    expect(rewindSourceAt(must(gap), H16 - 2 * HOUR - 1)).toBeNull();
  });
  // The rule 'Luister vanaf hier' follows (recorded-spans), on a window as the timeshift call answers it.
  it("says a moment can be played from only where a recorded hour holds it ('Luister vanaf hier')", () => {
    const gap = must(
      parseRewindWindow(
        {
          ...answer,
          fromMs: H16 - 2 * HOUR,
          hours: [{ ...answer.hours[0], fromMs: H16 - 2 * HOUR, untilMs: H16 - HOUR }, answer.hours[1]],
        },
        'https://site.example',
        fetchedAt,
      ),
    );
    expect(isRecordedIn(gap.hours, H16 - 2 * HOUR + 60_000)).toBe(true);
    // In the window's span, but in the hour nothing was recorded of.
    expect(isRecordedIn(gap.hours, H16 - HOUR + 60_000)).toBe(false);
    expect(isRecordedIn(gap.hours, H16 + 60_000)).toBe(true);
    // The hour still being recorded, past the edge as fetched; and nothing after it or before the window.
    expect(isRecordedIn(gap.hours, answer.untilMs + 60_000)).toBe(true);
    expect(isRecordedIn(gap.hours, H16 + HOUR)).toBe(false);
    expect(isRecordedIn(gap.hours, H16 - 2 * HOUR - 1)).toBe(false);
  });
  it('goes on with the next hour from its first second, and ends after the last', () => {
    expect(nextRewindSource(window, must(window.hours[0]).fromMs)).toMatchObject({
      url: must(window.hours[1]).url,
      startAt: 0,
    });
    expect(nextRewindSource(window, H16)).toBeNull();
  });
});

describe('what the listener sees of a position', () => {
  it('names the programme on air at a position', () => {
    expect(must(programmeAt(window, H16 - 1)).name).toBe('Middag');
    expect(must(programmeAt(window, H16)).name).toBe('Avondspits');
    // The programme on air runs on past the edge as fetched: its real end counts.
    expect(must(programmeAt(window, answer.untilMs + 60_000)).name).toBe('Avondspits');
  });
  it('says how far behind live, with a real minus sign', () => {
    expect(behindLiveLabel(754_000)).toBe('\u221212:34');
    expect(behindLiveLabel(3_723_000)).toBe('\u22121:02:03');
  });
  it('speaks the time of day and how far back, in Dutch', () => {
    expect(rewindValueText(H16 + 5 * 60_000, 35 * 60_000)).toBe('17:05, 35 minuten terug');
    expect(rewindValueText(H16 + 40 * 60_000, 3000)).toBe('17:40, live');
  });
  it('lays the window out as a slider with the programmes marked', () => {
    const view = rewindBarView(window, H16 + 5 * 60_000, fetchedAt);
    expect(view.max).toBe(70 * 60);
    expect(view.value).toBe(35 * 60);
    expect(view.behind).toBe('\u221235:00');
    expect(view.valueText).toBe('17:05, 35 minuten terug');
    expect(view.marks).toEqual([
      { name: 'Middag', fromMs: answer.fromMs, percent: 0, time: '16:30' },
      { name: 'Avondspits', fromMs: H16, percent: (30 / 70) * 100, time: '17:00' },
    ]);
    expect(rewindBarView(window, answer.untilMs, fetchedAt).behind).toBeNull();
  });
});

describe('rewindKeyValue (the seek bar by keyboard)', () => {
  it('moves a quarter minute per arrow from the value itself, not from a grid', () => {
    expect(rewindKeyValue('ArrowLeft', 1000.4, 3600)).toBeCloseTo(985.4);
    expect(rewindKeyValue('ArrowDown', 1000, 3600)).toBe(985);
    expect(rewindKeyValue('ArrowRight', 1000, 3600)).toBe(1015);
    expect(rewindKeyValue('ArrowUp', 1000, 3600)).toBe(1015);
  });
  it('moves a minute per page key, and goes to the ends with Home and End, within the window', () => {
    expect(rewindKeyValue('PageDown', 1000, 3600)).toBe(940);
    expect(rewindKeyValue('PageUp', 3590, 3600)).toBe(3600);
    expect(rewindKeyValue('ArrowLeft', 10, 3600)).toBe(0);
    expect(rewindKeyValue('Home', 1000, 3600)).toBe(0);
    expect(rewindKeyValue('End', 1000, 3600)).toBe(3600);
  });
  it('leaves every other key to the browser', () => {
    expect(rewindKeyValue('Tab', 1000, 3600)).toBeNull();
    expect(rewindKeyValue('a', 1000, 3600)).toBeNull();
  });
});
