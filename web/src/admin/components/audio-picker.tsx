// The audio of an episode, fragment or bulletin, chosen from the media library (a content field of
// kind 'audio', server/src/content/content_types.hpp): the library's ready audio in a list, more
// of it on request, and an upload right there that is chosen once the server has processed it.
import { useEffect, useRef, type Ref } from 'react';
import { formatDuration } from '../../lib/format-date';
import { mediaApi, type AudioMedia, type Media } from '../api/media-client';
import { LibraryMore, useLibrary } from './library-list';
import { LabelledField } from './labelled-field';
import { UploadField } from './upload-field';

interface AudioPickerProps {
  id: string;
  label: string;
  required: boolean;
  /** The chosen item's id as text; '' when none is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** What the item plays while nothing is chosen (a seeded demo file), named in the hint. */
  current?: string | undefined;
  error?: string | undefined;
  /** The list's element, for the form to move the focus to on an error. */
  selectRef?: Ref<HTMLSelectElement>;
}

const isReadyAudio = (media: Media): media is AudioMedia =>
  media.kind === 'audio' && media.status === 'ready';

/** "Interview.wav (4:05)": how an item is named in the list. */
export function audioLabel(media: AudioMedia): string {
  return `${media.name || `Audio ${media.id}`} (${formatDuration(media.durationSeconds)})`;
}

/**
 * A list of the library's ready audio (newest first, a page at a time) tied to its label, hint
 * and error, with an upload field below it: uploaded audio is added to the list and chosen.
 */
export function AudioPicker({
  id,
  label,
  required,
  value,
  onChange,
  onBlur,
  current,
  error,
  selectRef,
}: AudioPickerProps) {
  const library = useLibrary('audio', isReadyAudio, 'De audio uit de bibliotheek kon niet worden geladen.');
  const { items, add, loaded } = library;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // The chosen item may be older than the pages loaded: it is asked for by itself.
  const missing = loaded && value !== '' && !items.some((media) => String(media.id) === value);
  useEffect(() => {
    if (!missing) return;
    let live = true;
    mediaApi
      .get(Number(value))
      .then((media) => {
        if (live && isReadyAudio(media)) add([media], true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [missing, value, add]);

  const hint = current
    ? `Nu: ${current}. Kies audio uit de lijst of upload nieuwe om die te vervangen.`
    : 'Kies audio uit de lijst, of upload hieronder nieuwe audio: die wordt gekozen zodra ze klaar is.';
  return (
    <div className="admin-audio-picker">
      <LabelledField id={id} label={`${label}${required ? ' (verplicht)' : ''}`} hint={hint} error={error}>
        {(aria) => (
          <select
            id={id}
            ref={selectRef}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            {...aria}
          >
            <option value="">{current ? '(ongewijzigd)' : 'Kies audio…'}</option>
            {items.map((media) => (
              <option key={media.id} value={String(media.id)}>
                {audioLabel(media)}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <LibraryMore library={library} label="Meer audio laden" />
      <UploadField
        kind="audio"
        label="Nieuwe audio uploaden"
        hint="WAV, MP3, FLAC, AAC of Ogg; de geluidssterkte wordt gelijkgetrokken."
        onUploaded={(media) => {
          if (!isReadyAudio(media)) return;
          add([media], true);
          onChangeRef.current(String(media.id));
        }}
      />
    </div>
  );
}
