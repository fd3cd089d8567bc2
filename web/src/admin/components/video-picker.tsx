// The video of a video item, chosen from the media library (a media-file field,
// server/src/content/content_types.hpp): the library's ready videos in a list, more of them on
// request, and an upload right there that is chosen once the server has made its renditions.
// Choosing fills the item's file, duration and poster; a typed path stays possible beside it.
import { useRef } from 'react';
import { type VideoMedia } from '../api/media-client';
import { LibraryMore, useLibrary } from './library-list';
import { LabelledField } from './labelled-field';
import { UploadField } from './upload-field';
import { isReadyVideo, videoLabel } from './video-choice';

interface VideoPickerProps {
  id: string;
  /** The item's file now: a library video's master playlist is shown as chosen. */
  value: string;
  onChoose: (media: VideoMedia) => void;
}

export function VideoPicker({ id, value, onChoose }: VideoPickerProps) {
  const library = useLibrary(
    'video',
    isReadyVideo,
    "De video's uit de bibliotheek konden niet worden geladen.",
  );
  const { items, add } = library;
  const onChooseRef = useRef(onChoose);
  onChooseRef.current = onChoose;
  const chosen = items.find((media) => media.url === value);
  return (
    <div className="admin-video-picker">
      <LabelledField
        id={id}
        label="Video uit de mediabibliotheek"
        hint="Kies een video, of upload hieronder een nieuwe: die wordt gekozen zodra hij klaar is. Duur en stilstaand beeld worden ingevuld."
      >
        {(aria) => (
          <select
            id={id}
            value={chosen ? String(chosen.id) : ''}
            onChange={(event) => {
              const media = items.find((item) => String(item.id) === event.target.value);
              if (media) onChoose(media);
            }}
            {...aria}
          >
            <option value="">
              {value && !chosen ? '(ander bestand, zie hieronder)' : 'Kies een video…'}
            </option>
            {items.map((media) => (
              <option key={media.id} value={String(media.id)}>
                {videoLabel(media)}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <LibraryMore library={library} label="Meer video's laden" />
      <UploadField
        kind="video"
        label="Nieuwe video uploaden"
        hint="MP4, MOV, MKV of WebM; er worden een stilstaand beeld en versies in 720p en 360p voor de speler gemaakt."
        onUploaded={(media) => {
          if (!isReadyVideo(media)) return;
          add([media], true);
          onChooseRef.current(media);
        }}
      />
    </div>
  );
}
