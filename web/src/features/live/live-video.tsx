import { useEffect, useRef, useState } from 'react';
import { pauseOtherMedia, pauseWhenOtherMediaPlays } from '../../components/media';
import { attachStream, type AttachedStream } from '../../components/stream-source';
import { fetchPlayApi } from '../player';

type Status = 'loading' | 'ready' | 'error';

/**
 * The channel's live video (HLS; hls.js where the browser has no native HLS). Playing it pauses
 * the mini player, and the mini player starting pauses it. When it cannot play, a Dutch message
 * and a retry button take its place.
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
        play.streamUrl,
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
      if (controller.signal.aborted) stream.detach();
      else setStatus('ready');
    };
    setStatus('loading');
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
          onPlay={(event) => pauseOtherMedia(event.currentTarget)}
          onError={(event) => {
            const mediaError = event.currentTarget.error;
            if (mediaError && mediaError.code !== MediaError.MEDIA_ERR_ABORTED) {
              setError(mediaError.message || `fout ${mediaError.code}`);
              setStatus('error');
            }
          }}
        />
      </div>
      {status === 'loading' && <p className="live-video__status">De livebeelden worden geladen…</p>}
    </div>
  );
}
