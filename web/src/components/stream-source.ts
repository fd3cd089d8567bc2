// Attaches a media URL to an audio or video element: progressive files, MP3 streams and HLS where
// the browser plays it natively go straight to `src`; HLS elsewhere goes through hls.js, which is
// loaded only then (its own chunk). Shared by the mini player's engine and the live video. The light
// build of hls.js suffices for live audio and video (no subtitles, alternate audio or DRM) and is
// about a third of the full one.

interface HlsLike {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  destroy(): void;
  startLoad(startPosition?: number): void;
  /** The program date-time (EXT-X-PROGRAM-DATE-TIME) of what plays now, once known. */
  readonly playingDate: Date | null;
  on(
    event: string,
    callback: (
      event: string,
      data: {
        fatal?: boolean;
        details?: string | { fragments: { programDateTime: number | null }[] };
        type?: string;
      },
    ) => void,
  ): void;
}

export interface AttachedStream {
  /** Stops loading and detaches the source. */
  detach(): void;
  /** True when hls.js plays the stream. */
  readonly usesHlsJs: boolean;
  /**
   * The wall-clock instant (ms) of what plays now, from the playlist's program date-times (hls.js
   * or, natively, the element's start date); null for a stream without them.
   */
  playingDate(): number | null;
}

/** The instant the element's position 0 stands for in native HLS with program date-times (Safari). */
function nativeStartDate(media: HTMLMediaElement): number | null {
  const withStartDate = media as HTMLMediaElement & { getStartDate?: () => Date };
  const start = withStartDate.getStartDate?.().getTime();
  return start !== undefined && Number.isFinite(start) ? start : null;
}

/** A fatal playback error of hls.js: its details code, and whether it came from the network. */
export interface StreamError {
  details: string;
  network: boolean;
}

/** True for an HLS playlist URL (.m3u8, with or without a query). */
export function isHlsUrl(url: string): boolean {
  return /\.m3u8(\?|$)/i.test(url);
}

/** True when the element needs hls.js for `url`: HLS without native support. */
export function needsHlsJs(url: string, media: Pick<HTMLMediaElement, 'canPlayType'>): boolean {
  return isHlsUrl(url) && !media.canPlayType('application/vnd.apple.mpegurl');
}

/** True when the browser has Media Source Extensions, which hls.js needs. */
function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/**
 * Plays `url` through `media`; `onFatal` hears hls.js errors it cannot recover from. With
 * `preferHlsJs`, HLS goes through hls.js wherever Media Source Extensions exist (it loads the
 * playlist at once and reports failures), and natively only elsewhere (iOS).
 */
export async function attachStream(
  media: HTMLMediaElement,
  url: string,
  onFatal: (error: StreamError) => void,
  options: { preferHlsJs?: boolean; startInstant?: number } = {},
): Promise<AttachedStream> {
  const viaHlsJs = isHlsUrl(url) && (options.preferHlsJs ? hasMediaSource() : needsHlsJs(url, media));
  if (!viaHlsJs) {
    media.src = url;
    return {
      usesHlsJs: false,
      playingDate() {
        const start = isHlsUrl(url) ? nativeStartDate(media) : null;
        return start === null ? null : start + media.currentTime * 1000;
      },
      detach() {
        media.removeAttribute('src');
        media.load();
      },
    };
  }
  const { default: Hls } = await import('hls.js/light');
  // No text track of metadata cues: hls.js would give it a 'data:' source, which the CSP's
  // media-src refuses (packed audio carries an ID3 timestamp in every segment, RFC 8216 §3.4).
  const hls = new Hls({
    enableID3MetadataCues: false,
    enableEmsgMetadataCues: false,
    enableDateRangeMetadataCues: false,
    // Live rewind starts where the listener is: loading waits for the playlist, whose program
    // date-times say how far into it that instant lies (a running hour starts where it was recorded).
    autoStartLoad: options.startInstant === undefined,
  }) as unknown as HlsLike;
  hls.on('hlsError', (_event, data) => {
    if (data.fatal)
      onFatal({
        details: typeof data.details === 'string' ? data.details : 'HLS-fout',
        network: data.type === 'networkError',
      });
  });
  const { startInstant } = options;
  if (startInstant !== undefined) {
    let started = false;
    hls.on('hlsLevelLoaded', (_event, data) => {
      if (started) return;
      started = true;
      const first = typeof data.details === 'object' ? data.details.fragments[0]?.programDateTime : null;
      hls.startLoad(typeof first === 'number' ? Math.max(0, (startInstant - first) / 1000) : -1);
    });
  }
  hls.loadSource(url);
  hls.attachMedia(media);
  return {
    usesHlsJs: true,
    playingDate() {
      return hls.playingDate?.getTime() ?? null;
    },
    detach() {
      hls.destroy();
      media.removeAttribute('src');
      media.load();
    },
  };
}
