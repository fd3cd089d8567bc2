import { formatDuration } from '../lib/format-date';
import { pauseOtherMedia } from './media';

/** A real audio player for an on-demand item (the mini player takes over in a later version). */
export function AudioClip({
  src,
  title,
  durationSeconds,
}: {
  src: string;
  title: string;
  durationSeconds?: number;
}) {
  return (
    <div className="audio-clip">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the data has no caption files; the text beside it describes the audio */}
      <audio
        controls
        preload="none"
        src={src}
        aria-label={`Luister: ${title}`}
        onPlay={(e) => pauseOtherMedia(e.currentTarget)}
      >
        <a href={src}>Download {title}</a>
      </audio>
      {durationSeconds !== undefined && durationSeconds > 0 && (
        <span className="audio-clip__duration">Duur {formatDuration(durationSeconds)}</span>
      )}
    </div>
  );
}
