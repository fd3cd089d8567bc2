// The playback engine behind the mini player: one HTMLAudioElement (MP3 streams and files, native
// HLS where the browser has it) or hls.js, loaded only when an HLS stream must play without native
// support (components/stream-source.ts). It reports the engine events of spec §4: sourceloaded,
// play, paused, playbackfinished.

import { attachStream, type AttachedStream } from '../../components/stream-source';

export type EngineEvent = 'sourceloaded' | 'play' | 'paused' | 'playbackfinished' | 'error' | 'timeupdate';

export interface EngineSource {
  url: string;
  title: string;
  poster?: string;
  /** Seconds to start at, for on-demand items. */
  startAt?: number;
  /** Live rewind: the instant (ms) to start a playlist with program date-times at. */
  startInstant?: number;
  /**
   * Live rewind: the instant (ms) the playlist's first second stands for, where a browser's own
   * HLS player does not tell it (WebKitGTK's getStartDate() is an Invalid Date); without it such a
   * player starts a running hour at its live edge, not at startInstant.
   */
  fromMs?: number;
  /** The channel's live stream itself (progressive MP3), which plays the live edge. */
  live?: boolean;
  /** spec §7: a progressive file carries prid = the play API's mid, which names it in error reports. */
  metadata?: { prid: string };
}

export interface PlaybackTime {
  duration: number; // seconds; Infinity for live
  position: number; // seconds
  progress: number; // percent 0..100, 0 for live
}

type Listener = (event: EngineEvent, detail?: string) => void;

export class AudioEngine {
  private readonly audio: HTMLAudioElement;
  private readonly listeners = new Set<Listener>();
  private stream: AttachedStream | null = null;
  private source: EngineSource | null = null;
  /** A position asked for before the element knew its duration; taken once metadata arrive. */
  private pendingSeek: number | null = null;
  /** Live rewind in native HLS: the instant to go to once the element knows the playlist's dates. */
  private pendingInstant: number | null = null;
  /** The 'pause' event of a source this engine unloaded is still to come, and is not reported. */
  private unloadPause = false;

  constructor(audio: HTMLAudioElement) {
    this.audio = audio;
    audio.preload = 'none';
    const forward = (from: string, to: EngineEvent) => audio.addEventListener(from, () => this.emit(to));
    forward('loadeddata', 'sourceloaded');
    audio.addEventListener('playing', () => {
      this.unloadPause = false;
      this.emit('play');
    });
    // The browser fires 'pause' a task after unload() paused the old source, by when the next load
    // may have begun: reported, it would end that load's loading early (spec §4 engine events).
    audio.addEventListener('pause', () => {
      if (this.unloadPause) this.unloadPause = false;
      else this.emit('paused');
    });
    forward('ended', 'playbackfinished');
    forward('timeupdate', 'timeupdate');
    audio.addEventListener('loadedmetadata', () => {
      if (this.pendingInstant !== null) {
        const dated = this.stream?.playingDate();
        const start = typeof dated === 'number' ? dated - this.audio.currentTime * 1000 : this.source?.fromMs;
        if (start !== undefined) this.audio.currentTime = Math.max(0, (this.pendingInstant - start) / 1000);
        this.pendingInstant = null;
      }
      if (this.pendingSeek === null) return;
      const position = this.pendingSeek;
      this.pendingSeek = null;
      this.audio.currentTime = position;
    });
    audio.addEventListener('error', () => {
      // Reloading a source aborts the old one; that is not an error a listener should see.
      if (audio.error && audio.error.code !== MediaError.MEDIA_ERR_ABORTED)
        this.emit('error', audio.error.message);
    });
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: EngineEvent, detail?: string) {
    for (const listener of this.listeners) listener(event, detail);
  }

  get element(): HTMLAudioElement {
    return this.audio;
  }

  get currentSource(): EngineSource | null {
    return this.source;
  }

  /** Loads a source and, with autoplay, starts it. */
  async load(source: EngineSource, autoplay: boolean): Promise<void> {
    this.unload();
    this.source = source;
    this.audio.title = source.title;
    // HLS (live rewind) goes through hls.js wherever Media Source Extensions exist: Chromium's own
    // HLS player cannot parse packed MP3 audio (RFC 8216 §3.4), which hls.js plays; Safari and iOS
    // play it natively.
    this.stream = await attachStream(this.audio, source.url, (error) => this.emit('error', error.details), {
      preferHlsJs: true,
      ...(source.startInstant !== undefined ? { startInstant: source.startInstant } : {}),
    });
    if (source.startAt) this.seek(source.startAt);
    if (source.startInstant !== undefined && !this.stream.usesHlsJs)
      this.pendingInstant = source.startInstant;
    if (autoplay) await this.play();
  }

  async play(): Promise<void> {
    try {
      await this.audio.play();
    } catch (error) {
      // A pause that interrupts play() is expected (spec §8). A browser that refuses to play without
      // a gesture (autoplay, spec §4) is no error either: the player is paused, its play button
      // shown. Anything else is reported.
      const name = error instanceof DOMException ? error.name : '';
      if (name === 'AbortError') return;
      if (name !== 'NotAllowedError') {
        this.emit('error', error instanceof Error ? error.message : String(error));
      }
      this.emit('paused');
    }
  }

  pause(): void {
    this.audio.pause();
  }

  /** Stops a live stream for real: the connection closes, so nothing buffers behind the listener. */
  unload(): void {
    this.stream?.detach();
    this.stream = null;
    if (!this.audio.paused) this.unloadPause = true;
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
    this.source = null;
    this.pendingSeek = null;
    this.pendingInstant = null;
  }

  /** Goes to `position` (seconds) now, or as soon as the source's metadata are known. */
  seek(position: number): void {
    if (!Number.isFinite(position)) return;
    const target = Math.max(0, position);
    if (this.audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
      this.pendingSeek = null;
      this.audio.currentTime = target;
    } else {
      this.pendingSeek = target;
    }
  }

  /**
   * The wall-clock instant (ms) the listener hears now: from the playlist's program date-times, or
   * for the live MP3 stream the clock less what the browser holds buffered ahead of the position
   * (the stream sends the live edge as it happens). Null when nothing plays that has one.
   */
  listeningInstant(now: number = Date.now()): number | null {
    const dated = this.stream?.playingDate() ?? null;
    if (dated !== null) return dated;
    if (!this.source?.live) return null;
    const { buffered, currentTime } = this.audio;
    if (buffered.length === 0) return null;
    const ahead = Math.max(0, buffered.end(buffered.length - 1) - currentTime);
    return now - ahead * 1000;
  }

  /** Volume in percent (spec §4: volume × 100). */
  setVolume(percent: number): void {
    this.audio.volume = Math.min(100, Math.max(0, percent)) / 100;
  }

  time(): PlaybackTime {
    const duration = this.audio.duration;
    const position = this.audio.currentTime;
    const finite = Number.isFinite(duration) && duration > 0;
    return {
      duration: finite ? duration : Infinity,
      position,
      progress: finite ? (position / duration) * 100 : 0,
    };
  }
}
