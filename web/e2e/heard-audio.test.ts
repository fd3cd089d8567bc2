import { describe, expect, it } from 'vitest';

import { heardStart } from './heard-audio';

/** Chromium's rate; a recording's samples are kept at 4 kHz (heard-audio.ts: COMPARE_RATE). */
const RATE = 48_000;
const SECOND = 4000;

/** White noise from a seed: every sample its own, so a match is a peak one sample wide. */
function noise(length: number, seed: number): Float32Array {
  const out = new Float32Array(length);
  let state = seed;
  for (let i = 0; i < length; i += 1) {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out[i] = ((t ^ (t >>> 14)) >>> 0) / 2_147_483_648 - 1;
  }
  return out;
}

describe('heardStart', () => {
  it('finds where playback began between the coarse places, and not at a repeat of the bars', () => {
    const reference = noise(18 * SECOND, 1);
    // Began half a sample pair past a multiple of four: a search that looked at every 4th place
    // stepped over it.
    const began = 6 * SECOND + 2;
    const played = 9 * SECOND;
    // What the recording's last 6 s hold plays again at the reference's start, under other sound,
    // as a song's next round of the same bars would.
    const repeated = reference.slice(began + 3 * SECOND, began + played);
    const other = noise(repeated.length, 2);
    for (let i = 0; i < repeated.length; i += 1)
      reference[i] = 0.9 * (repeated[i] ?? 0) + 0.44 * (other[i] ?? 0);
    const heard = reference.slice(began, began + played);

    const start = heardStart({ samples: heard, rate: RATE, playedSeconds: played / SECOND }, reference);

    expect(start.seconds).toBeCloseTo(began / SECOND, 4);
    expect(start.score).toBeGreaterThan(0.99);
    expect(start.elsewhere).toBeGreaterThan(0.8);
    expect(start.elsewhere).toBeLessThan(0.95);
  });
});
