import { useEffect, useRef, useState } from 'react';
import { pauseOtherMedia, pauseWhenOtherMediaPlays } from '../../components/media';
import { attachStream, type AttachedStream } from '../../components/stream-source';
import { fetchPlayApi, streamLocationFor } from '../player';

type Status = 'loading' | 'ready' | 'error';

/**
 * How the pictures started by themselves: with sound, muted (the browser allows autoplay only
 * without sound), or not at all (the browser allows neither: a play button asks).
 */
export type AutoplayResult = 'sound' | 'muted' | 'blocked';

/**
 * Starts `video` for a visitor who came to watch: with sound where the browser allows it, else
 * muted, else not. An error other than the browser's refusal ('NotAllowedError') is no reason to
 * try muted; it counts as blocked, and the element reports it itself.
 */
export async function startForViewer(video: HTMLMediaElement): Promise<AutoplayResult> {
  const refused = (error: unknown) => error instanceof DOMException && error.name === 'NotAllowedError';
  try {
    await video.play();
    return 'sound';
  } catch (error) {
    if (!refused(error)) return 'blocked';
  }
  video.muted = true;
  try {
    await video.play();
    return 'muted';
  } catch {
    video.muted = false;
    return 'blocked';
  }
}

/**
 * The channel's live video (HLS; hls.js where the browser has no native HLS). The visitor came to
 * watch, so it starts by itself once the stream is attached (issue 39 #4): with sound where the
 * browser allows it, muted with a 'Geluid aan' button where only that is allowed, and otherwise
 * behind a clear play button. Playing it pauses the mini player, and the mini player starting
 * pauses it. When it cannot play, a Dutch message and a retry button take its place.
 */
export function LiveVideo({
  tokenUrl,
  channelName,
  poster,
}: {
  tokenUrl: string;
  channelName: string;
  poster: string;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [autoplay, setAutoplay] = useState<AutoplayResult | null>(null);

  useEffect(() => pauseWhenOtherMediaPlays(() => videoRef.current), []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const controller = new AbortController();
    let stream: AttachedStream | null = null;
    let renewed = false;
    const fail = (message: string) => {
      setError(message);
      setStatus('error');
    };
    // The stream URL carries a token that expires; a network failure gets one fresh token first.
    const start = async (): Promise<void> => {
      const play = await fetchPlayApi(tokenUrl, controller.signal);
      if (controller.signal.aborted) return;
      if (!play.streamUrl) throw new Error('Er is geen live video.');
      stream?.detach();
      stream = await attachStream(
        video,
        // spec §7: from the play API's environmentDomain, or the page's own origin.
        streamLocationFor(play).url,
        (fatal) => {
          if (fatal.network && !renewed) {
            renewed = true;
            start().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
          } else {
            fail(fatal.details);
          }
        },
        { preferHlsJs: true },
      );
      if (controller.signal.aborted) {
        stream.detach();
        return;
      }
      setStatus('ready');
      const result = await startForViewer(video);
      if (!controller.signal.aborted) setAutoplay(result);
    };
    setStatus('loading');
    setAutoplay(null);
    start().catch((e: unknown) => {
      if (!controller.signal.aborted) fail(e instanceof Error ? e.message : String(e));
    });
    return () => {
      controller.abort();
      stream?.detach();
    };
  }, [tokenUrl, attempt]);

  return (
    <div className="live-video">
      {status === 'error' && (
        <div className="live-video__error" role="alert">
          <p>
            De livebeelden van {channelName} kunnen nu niet worden afgespeeld. Je kunt de radio wel
            beluisteren. ({error})
          </p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Opnieuw proberen
          </button>
        </div>
      )}
      <div className="live-video__frame" hidden={status === 'error'}>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- live radio pictures have no caption track; the show and song are shown as text beside it */}
        <video
          ref={videoRef}
          controls
          playsInline
          preload="none"
          poster={poster}
          aria-label={`Livebeelden van ${channelName}`}
          onPlay={(event) => {
            pauseOtherMedia(event.currentTarget);
            // Started by the visitor (the element's own controls): the play button has done its work.
            setAutoplay((current) => (current === 'blocked' ? 'sound' : current));
          }}
          onVolumeChange={(event) => {
            if (!event.currentTarget.muted)
              setAutoplay((current) => (current === 'muted' ? 'sound' : current));
          }}
          onError={(event) => {
            const mediaError = event.currentTarget.error;
            if (mediaError && mediaError.code !== MediaError.MEDIA_ERR_ABORTED) {
              setError(mediaError.message || `fout ${mediaError.code}`);
              setStatus('error');
            }
          }}
        />
        {status === 'ready' && autoplay === 'blocked' && (
          <button
            type="button"
            className="live-video__start"
            onClick={() => {
              void videoRef.current?.play().catch(() => undefined);
            }}
          >
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
            Kijk de livebeelden
          </button>
        )}
      </div>
      {status === 'ready' && autoplay === 'muted' && (
        <p className="live-video__sound">
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              const video = videoRef.current;
              if (video) video.muted = false;
            }}
          >
            Geluid aan
          </button>{' '}
          De livebeelden spelen zonder geluid.
        </p>
      )}
      {status === 'loading' && <p className="live-video__status">De livebeelden worden geladen…</p>}
    </div>
  );
}
