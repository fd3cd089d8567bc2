import { describe, expect, it } from 'vitest';

import { AudioEngine, type EngineEvent } from './audio-engine';

// spec §4 "Playback engine events": the media element's events as the engine reports them, which the
// provider turns into sourceloaded (loading off), play, paused and playbackfinished.

const tick = () => new Promise((done) => setTimeout(done, 5));

describe('the playback engine events (spec §4)', () => {
  it('reports sourceloaded, play, paused and playbackfinished', () => {
    const audio = document.createElement('audio');
    const engine = new AudioEngine(audio);
    const seen: EngineEvent[] = [];
    engine.on((event) => seen.push(event));
    for (const name of ['loadeddata', 'playing', 'pause', 'ended']) audio.dispatchEvent(new Event(name));
    expect(seen).toEqual(['sourceloaded', 'play', 'paused', 'playbackfinished']);
  });

  it('takes the source configuration: title, and the metadata (prid) of a progressive file', async () => {
    const audio = document.createElement('audio');
    const engine = new AudioEngine(audio);
    await engine.load(
      { url: '/media/f.mp3', title: 'Een fragment', metadata: { prid: 'fragment-7' } },
      false,
    );
    expect(audio.title).toBe('Een fragment');
    expect(engine.currentSource?.metadata).toEqual({ prid: 'fragment-7' });
  });

  it("does not report the pause of a source it unloads: the next load's loading is not ended early", async () => {
    const audio = document.createElement('audio');
    let paused = true;
    Object.defineProperty(audio, 'paused', { get: () => paused });
    audio.pause = () => {
      if (paused) return;
      paused = true;
      // As a browser does: the event comes a task later.
      setTimeout(() => audio.dispatchEvent(new Event('pause')), 0);
    };
    const engine = new AudioEngine(audio);
    const seen: EngineEvent[] = [];
    engine.on((event) => seen.push(event));
    paused = false;
    audio.dispatchEvent(new Event('playing'));
    engine.unload();
    await tick();
    expect(seen).toEqual(['play']);
    // A pause the listener makes is reported.
    paused = false;
    audio.dispatchEvent(new Event('playing'));
    engine.pause();
    await tick();
    expect(seen).toEqual(['play', 'play', 'paused']);
  });

  it('gives the playback time value of spec §3: duration, position and progress in percent', () => {
    const audio = document.createElement('audio');
    const engine = new AudioEngine(audio);
    Object.defineProperty(audio, 'duration', { configurable: true, value: 200 });
    Object.defineProperty(audio, 'currentTime', { configurable: true, value: 50 });
    expect(engine.time()).toEqual({ duration: 200, position: 50, progress: 25 });
    // A live stream has no end: its progress stays 0.
    Object.defineProperty(audio, 'duration', { configurable: true, value: Infinity });
    expect(engine.time()).toEqual({ duration: Infinity, position: 50, progress: 0 });
  });
});

describe("live rewind in a browser's own HLS player", () => {
  const HOUR = Date.UTC(2026, 10, 30, 5);
  /** An element whose position is recorded as it is set. */
  function element(position = 0) {
    const audio = document.createElement('audio');
    let at = position;
    Object.defineProperty(audio, 'currentTime', { get: () => at, set: (value: number) => (at = value) });
    return audio;
  }

  it('starts at the instant by the playlist dates where the browser tells them (Safari: getStartDate)', async () => {
    const audio = element(1464);
    Object.assign(audio, { getStartDate: () => new Date(HOUR + 2000) });
    const engine = new AudioEngine(audio);
    await engine.load(
      { url: '/hls/3fm/t/hour/5.m3u8', title: '3FM', startInstant: HOUR + 62_000, fromMs: HOUR },
      false,
    );
    audio.dispatchEvent(new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(60);
  });

  it("starts at the instant by the playlist's first second where it does not (WebKitGTK: an Invalid Date), not at the live edge", async () => {
    // A running hour's playlist (EVENT) starts at its live edge, 24 minutes in.
    const audio = element(1464);
    Object.assign(audio, { getStartDate: () => new Date(Number.NaN) });
    const engine = new AudioEngine(audio);
    await engine.load(
      { url: '/hls/3fm/t/hour/5.m3u8', title: '3FM', startInstant: HOUR, fromMs: HOUR },
      false,
    );
    audio.dispatchEvent(new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(0);
  });
});
