// What the listener hears, decoded: Chromium's own output of the player's audio element (Web
// Audio, tapped behind the element), matched against what the channel broadcast, decoded by ffmpeg
// from the song files the play log names. Proves where playback starts by the audio itself, not by
// the player's own account of its position.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';

/** Both sides are compared at about this rate: box-filtered down from the capture's own rate. */
const COMPARE_RATE = 4000;

const factorFor = (rate: number) => Math.max(1, Math.round(rate / COMPARE_RATE));

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface SeedSong {
  slug: string;
  audio: string;
}

let songFilesRead: Map<string, string> | null = null;

/** The demo station's song files by slug (the e2e server plays the committed renders). */
function songFiles(): Map<string, string> {
  if (!songFilesRead) {
    const seed = JSON.parse(readFileSync(join(repo, 'server', 'seed', 'demo-station.json'), 'utf8')) as {
      songs: SeedSong[];
    };
    songFilesRead = new Map(seed.songs.map((s) => [s.slug, join(repo, 'media', 'demo', s.audio)]));
  }
  return songFilesRead;
}

/**
 * A demo song's audio, decoded by ffmpeg from its file to mono at `rate`: `part.seconds` of it from
 * `part.fromSeconds`, or all of it. Throws for a slug the demo station has no song of.
 */
export function songAudio(
  slug: string,
  rate: number,
  part?: { fromSeconds: number; seconds: number },
): Float32Array {
  const file = songFiles().get(slug);
  if (!file) throw new Error(`the demo station has no song '${slug}'`);
  const cut = part ? ['-ss', part.fromSeconds.toFixed(3), '-t', part.seconds.toFixed(3)] : [];
  const pcm = execFileSync(
    'ffmpeg',
    ['-v', 'error', ...cut, '-i', file, '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  // Copied out: a Float32Array over the output's own memory needs it at a multiple of 4 bytes.
  return new Float32Array(
    pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength - (pcm.byteLength % 4)),
  );
}

/**
 * The tap: an AudioWorklet processor that hands the element's output to the page in batches, each
 * with the audio frame it starts at. It runs on the audio thread, so a busy main thread delays the
 * batches but loses nothing (a ScriptProcessorNode drops audio then).
 */
const TAP_SOURCE = `
class HeardTap extends AudioWorkletProcessor {
  constructor() {
    super();
    this.batch = new Float32Array(8192);
    this.filled = 0;
    this.first = 0;
  }
  flush() {
    if (this.filled > 0) this.port.postMessage({ frame: this.first, samples: this.batch.slice(0, this.filled) });
    this.filled = 0;
  }
  process(inputs) {
    const input = inputs[0];
    if (!input || input.length === 0) return true;
    const left = input[0];
    const right = input[1] || left;
    if (this.filled > 0 && currentFrame !== this.first + this.filled) this.flush();
    if (this.filled === 0) this.first = currentFrame;
    for (let i = 0; i < left.length; i += 1) this.batch[this.filled++] = (left[i] + right[i]) / 2;
    if (this.filled + 128 > this.batch.length) this.flush();
    return true;
  }
}
registerProcessor('heard-tap', HeardTap);
`;

/** The page's record of what the element played since `markHeard`. */
interface HeardInPage {
  context: AudioContext;
  element: HTMLAudioElement;
  batches: { frame: number; samples: Float32Array }[];
  /** The element's media time when it began playing the source it loaded after the mark. */
  startedAt: number | null;
  loading: boolean;
}

/**
 * Taps the player's element: from now on its output is kept (mono) in the page. Call once per
 * page, before the audio to be heard starts; `markHeard` starts a new recording. The tap's module is
 * a blob, which the site's CSP refuses: the test's context bypasses the CSP (`bypassCSP`).
 */
export async function tapPlayerAudio(page: Page): Promise<void> {
  await page.evaluate(async (tapSource) => {
    const element = document.querySelector<HTMLAudioElement>('#audio-player-id');
    if (!element) throw new Error('no #audio-player-id');
    const context = new AudioContext();
    const module = URL.createObjectURL(new Blob([tapSource], { type: 'text/javascript' }));
    await context.audioWorklet.addModule(module);
    const source = context.createMediaElementSource(element);
    const tap = new AudioWorkletNode(context, 'heard-tap');
    const heard: HeardInPage = { context, element, batches: [], startedAt: null, loading: false };
    tap.port.onmessage = (event: MessageEvent<{ frame: number; samples: Float32Array }>) => {
      heard.batches.push(event.data);
    };
    element.addEventListener('loadstart', () => {
      heard.loading = true;
    });
    element.addEventListener('playing', () => {
      if (heard.loading && heard.startedAt === null) heard.startedAt = element.currentTime;
    });
    source.connect(tap);
    tap.connect(context.destination);
    source.connect(context.destination);
    (window as unknown as { etherHeard: HeardInPage }).etherHeard = heard;
  }, TAP_SOURCE);
}

/** Starts a new recording of what the element plays. */
export async function markHeard(page: Page): Promise<void> {
  await page.evaluate(() => {
    const heard = (window as unknown as { etherHeard: HeardInPage }).etherHeard;
    Object.assign(heard, { batches: [], startedAt: null, loading: false });
  });
}

/**
 * Media seconds the element has played since it began playing the source it loaded after
 * `markHeard`; 0 until it has.
 */
export async function secondsHeardPlaying(page: Page): Promise<number> {
  return page.evaluate(() => {
    const heard = (window as unknown as { etherHeard: HeardInPage }).etherHeard;
    return heard.startedAt === null ? 0 : heard.element.currentTime - heard.startedAt;
  });
}

/** What was recorded since `markHeard`. */
export interface Heard {
  /** At the rate Chromium rendered at, divided by factorFor(rate). */
  samples: Float32Array;
  rate: number;
  /**
   * How many seconds of its source the element had played at the end of `samples`: the end is that
   * far into the source from where playback began. Counted in the source's own time, so that a
   * stall after starting does not count.
   */
  playedSeconds: number;
}

/**
 * What was recorded since `markHeard`, up to now: the element's media time and the audio clock are
 * read together, and the recording is cut at that clock's frame once the tap has handed it over.
 */
export async function heardAudio(page: Page): Promise<Heard> {
  const { rate, samples, playedSeconds } = await page.evaluate(async () => {
    const heard = (window as unknown as { etherHeard: HeardInPage }).etherHeard;
    if (heard.startedAt === null) throw new Error('the element did not begin playing a new source');
    const media = heard.element.currentTime;
    const endFrame = Math.round(heard.context.currentTime * heard.context.sampleRate);
    const handedOver = () => {
      const last = heard.batches.at(-1);
      return last ? last.frame + last.samples.length >= endFrame : false;
    };
    for (let tries = 0; tries < 250 && !handedOver(); tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const first = heard.batches[0]?.frame ?? endFrame;
    const all = new Array<number>(Math.max(0, endFrame - first)).fill(0);
    for (const batch of heard.batches)
      batch.samples.forEach((sample, i) => {
        const at = batch.frame - first + i;
        if (at < all.length) all[at] = sample;
      });
    return { rate: heard.context.sampleRate, samples: all, playedSeconds: media - heard.startedAt };
  });
  return { rate, samples: downsample(Float32Array.from(samples), factorFor(rate)), playedSeconds };
}

function downsample(samples: Float32Array, factor: number): Float32Array {
  const out = new Float32Array(Math.floor(samples.length / factor));
  for (let i = 0; i < out.length; i += 1) {
    let sum = 0;
    for (let j = 0; j < factor; j += 1) sum += samples[i * factor + j] ?? 0;
    out[i] = sum / factor;
  }
  return out;
}

interface InfoPlay {
  from: string; // 'YYYY-MM-DD HH:mm:ss', Amsterdam (spec §9)
  until: string;
  radioTracks: { slug: string } | null;
}

/** An Amsterdam wall-clock time of the API ('YYYY-MM-DD HH:mm:ss') as an instant (ms). */
export function amsterdamInstant(text: string): number {
  const asUtc = Date.parse(`${text.replace(' ', 'T')}Z`);
  // The zone's offset at (about) that instant; an hour either way of a change is not asked here.
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    timeZoneName: 'shortOffset',
  }).formatToParts(new Date(asUtc));
  const offset = /GMT([+-]\d+)/.exec(parts.find((p) => p.type === 'timeZoneName')?.value ?? '')?.[1];
  return asUtc - Number(offset ?? 0) * 3_600_000;
}

/**
 * What `channel` broadcast from `fromMs` to `untilMs`, decoded at `rate` and brought to the rate
 * of what was heard at that rate: the songs the play log names (the miniplayer info of each
 * moment), each from its place at that moment.
 */
export async function broadcastAudio(
  request: APIRequestContext,
  channel: string,
  fromMs: number,
  untilMs: number,
  rate: number,
): Promise<Float32Array> {
  const pieces: Float32Array[] = [];
  let at = fromMs;
  while (at < untilMs) {
    const response = await request.get(
      `/api/miniplayer/info?channel=${encodeURIComponent(channel)}&at=${Math.floor(at / 1000)}`,
    );
    if (!response.ok()) throw new Error(`info at ${new Date(at).toISOString()}: ${response.status()}`);
    const info = (await response.json()) as { data: { radioTrackPlays: { data: InfoPlay[] } } };
    const play = info.data.radioTrackPlays.data[0];
    const slug = play?.radioTracks?.slug;
    if (!play || !slug) throw new Error(`no song on ${channel} at ${new Date(at).toISOString()}`);
    const start = amsterdamInstant(play.from);
    const end = Math.min(amsterdamInstant(play.until), untilMs);
    if (end <= at) throw new Error(`the play at ${new Date(at).toISOString()} does not cover it`);
    const decoded = songAudio(slug, rate, { fromSeconds: (at - start) / 1000, seconds: (end - at) / 1000 });
    pieces.push(downsample(decoded, factorFor(rate)));
    at = end;
  }
  const out = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of pieces) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Normalised correlation of `a` from `aAt` and `b` from `bAt` over `length` samples. */
function correlation(a: Float32Array, aAt: number, b: Float32Array, bAt: number, length: number): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < length; i += 1) {
    const x = a[aAt + i] ?? 0;
    const y = b[bAt + i] ?? 0;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** The coarse search compares both sides at a quarter of COMPARE_RATE. */
const COARSE_FACTOR = 4;
/** Places refined at the full rate: the best coarse ones, each at least half a second from the others. */
const CANDIDATES = 8;

/**
 * Where in `reference` the piece of `heard` at `at` matches best: its place and how well, and how
 * well it matches anywhere more than half a second away from there (`elsewhere`).
 *
 * At the full rate the match is a peak a sample or two wide: the same audio scores 0.95 at its
 * place and 0.3 two samples beside it. A coarse search that looked at every 4th place stepped over
 * it, and the best of its places was a repeat of the song's bars instead: clean recordings read as
 * unclear (0.64 where the place itself scored 0.947) and, under load, as clearly 6.4 s late. So the
 * coarse search looks at every place of both sides averaged down to a quarter rate, where the peak
 * is four times as wide, and the best places it finds are each refined at the full rate.
 */
function bestMatch(heard: Float32Array, at: number, length: number, reference: Float32Array, second: number) {
  const piece = downsample(heard.subarray(at, at + length), COARSE_FACTOR);
  const coarseReference = downsample(reference, COARSE_FACTOR);
  const coarse: { place: number; score: number }[] = [];
  for (let place = 0; place + piece.length <= coarseReference.length; place += 1)
    coarse.push({
      place: place * COARSE_FACTOR,
      score: correlation(piece, 0, coarseReference, place, piece.length),
    });
  coarse.sort((a, b) => b.score - a.score);
  const candidates: number[] = [];
  for (const { place } of coarse) {
    if (candidates.length === CANDIDATES) break;
    if (candidates.every((c) => Math.abs(c - place) > second / 2)) candidates.push(place);
  }
  const refined = candidates.map((candidate) => {
    let found = { place: -1, score: -1 };
    const last = Math.min(candidate + 2 * COARSE_FACTOR, reference.length - length);
    for (let place = Math.max(0, candidate - 2 * COARSE_FACTOR); place <= last; place += 1) {
      const score = correlation(heard, at, reference, place, length);
      if (score > found.score) found = { place, score };
    }
    return found;
  });
  const best = refined.reduce((a, b) => (b.score > a.score ? b : a), { place: -1, score: -1 });
  const far = refined.filter((r) => Math.abs(r.place - best.place) > second / 2);
  return { ...best, elsewhere: Math.max(0, ...far.map((r) => r.score)) };
}

/**
 * How much of the end of the recording is matched by default: long enough that a song's repeated
 * bars mostly match elsewhere clearly worse. A section that plays again whole (the demo's songs
 * repeat their verses bar for bar) can still match nearly as well: a longer match then tells them
 * apart, since it reaches into what differs around them.
 */
export const MATCHED_SECONDS = 6;

/**
 * The moment of `reference` (seconds from its start) that was heard when the element began playing:
 * the recording's last `matchedSeconds` are found in the reference, and playback began `playedSeconds` of
 * the source before their end. `score` is how well they matched there (1: the same audio; a capture
 * that skipped under load scores lower), `elsewhere` how well they match anywhere else in the
 * reference: far below `score` when the place is beyond doubt.
 */
export function heardStart(
  heard: Heard,
  reference: Float32Array,
  matchedSeconds = MATCHED_SECONDS,
): { seconds: number; score: number; elsewhere: number } {
  const second = Math.round(heard.rate / factorFor(heard.rate));
  const length = matchedSeconds * second;
  const lastAt = heard.samples.length - length;
  if (lastAt < 0 || heard.playedSeconds < matchedSeconds)
    throw new Error(`less than ${matchedSeconds} s were heard`);
  const last = bestMatch(heard.samples, lastAt, length, reference, second);
  return {
    seconds: (last.place + length) / second - heard.playedSeconds,
    score: last.score,
    elsewhere: last.elsewhere,
  };
}

/** A recording that matches this well is the channel's audio, heard without holes. */
export const CLEAN_MATCH = 0.95;

/**
 * The heard audio was recorded cleanly enough to place: it matches the channel's audio at one place
 * well, and clearly better than anywhere else around it. A recording that missed audio (a machine
 * too busy to hand it over) matches nowhere well, as would audio that is not the channel's at all.
 *
 * A clean recording (a match of 0.95 or more: the same audio, nothing skipped) matches its true place
 * best whatever the music does, so it only needs to match there better than anywhere else. Music
 * that repeats its bars matches itself a bar or a beat away nearly as well, and no recording of that
 * moment, however clean, could be 0.25 better there. Between a poor match (0.5, which must be 0.25
 * better than anywhere else) and a clean one (0.95: 0.05) the margin asked for falls in a straight
 * line. (Most recordings once judged unclear here were clean: heardStart's search stepped over the
 * true place and found a repeat of the bars; bestMatch says how it looks now.)
 */
export function marginNeeded(score: number): number {
  if (score >= CLEAN_MATCH) return 0.05;
  return 0.25 - ((score - 0.5) / 0.45) * 0.2;
}

/** The place heardStart found is beyond doubt (see marginNeeded). */
export const isClear = (found: { score: number; elsewhere: number }) =>
  found.score > 0.5 && found.score - found.elsewhere >= marginNeeded(found.score);

/**
 * How much of a recording is matched, one length after the other, while playback goes on. A clean
 * recording that is still unclear matched a section the song plays again bar for bar (one seen:
 * 0.991 at its place, 0.957 at the repeat); a longer match reaches into what differs around it.
 * The demo's songs hold stretches that match themselves a few seconds away nearly as well by 18 s,
 * and one by 30 s ('Northbound' from 15 s: 0.958 by both, 0.81 by 45 s; heard-audio.test.ts): a
 * run placed the window's first second at 0.998 and found 0.992 elsewhere, four recordings over.
 */
export const MATCHED_LENGTHS = [MATCHED_SECONDS, 2 * MATCHED_SECONDS, 3 * MATCHED_SECONDS, 30, 45];
