import { useEffect, useRef, useState } from 'react';
import type { Video } from '../api/types';
import { presetImageUrl } from '../lib/images';
import { pauseOtherMedia, pauseWhenOtherMediaPlays } from './media';
import { attachStream, isHlsUrl, type AttachedStream } from './stream-source';

function mediaErrorText(error: MediaError | null): string {
  switch (error?.code) {
    case 1:
      return 'Het afspelen is afgebroken.';
    case 2:
      return 'Er ging iets mis met het netwerk.';
    case 3:
      return 'De video kon niet worden gedecodeerd.';
    case 4:
      return 'Dit videoformaat of deze bron wordt niet ondersteund.';
    default:
      return 'Onbekende fout.';
  }
}

/**
 * A real video, played inline (spec "Video blocks"): starting it pauses the mini player and any
 * other media, another one starting pauses it; on an error it shows 'Video niet beschikbaar' with
 * the error and hides the player. A video of the media library is HLS (its master playlist), played
 * natively where the browser can and through hls.js elsewhere (stream-source.ts, as the live
 * video); a file of the media dir (MP4) is the element's src as it always was.
 */
export function VideoPlayer({ video, caption = true }: { video: Video; caption?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => pauseWhenOtherMediaPlays(() => videoRef.current), []);
  const hls = isHlsUrl(video.videoUrl);
  useEffect(() => {
    const element = videoRef.current;
    if (!hls || !element) return;
    let live = true;
    let stream: AttachedStream | null = null;
    setError(null);
    attachStream(element, video.videoUrl, (fatal) => {
      if (live) setError(`${mediaErrorText(null)} (${fatal.details})`);
    })
      .then((attached) => {
        if (live) stream = attached;
        else attached.detach();
      })
      .catch(() => {
        if (live) setError(mediaErrorText(null));
      });
    return () => {
      live = false;
      stream?.detach();
    };
  }, [hls, video.videoUrl]);
  return (
    <figure className="video">
      {error && (
        <p className="video__error" role="alert">
          Video niet beschikbaar: {error}
        </p>
      )}
      <div className="video__container" hidden={error !== null}>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the data has no caption files; title and description are shown as text */}
        <video
          ref={videoRef}
          controls
          playsInline
          preload="none"
          poster={video.posterUrl ? presetImageUrl(video.posterUrl, 'VIDEOCLIP', '') : undefined}
          src={hls ? undefined : video.videoUrl}
          aria-label={video.title}
          onPlay={(event) => pauseOtherMedia(event.currentTarget)}
          onError={(event) => setError(mediaErrorText(event.currentTarget.error))}
        />
      </div>
      {caption && <figcaption className="video__caption">{video.title}</figcaption>}
    </figure>
  );
}
