// The image of a content item (a content field of kind 'image', server/src/content/content_types.hpp):
// chosen from the media library (thumbnails, searched by file name, a page at a time), uploaded
// right there, or an image elsewhere by its URL; with the image's focal point and a preview of the
// crops the listener pages cut from it, and its alt text for a content image.
import { useId, useRef, useState, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { applyFormat } from '../../lib/images';
import type { ImageMedia } from '../api/media-client';
import { cropPreviews, ImageEditor } from './image-editor';
import { ImageLibraryChooser, isReadyImage, THUMBNAIL, useImageLibrary } from './image-library';
import { UploadField } from './upload-field';

const LIBRARY_PATH = /^\/uploads\/images\/([0-9a-f]{64})\//;

/** The content hash of a library image's URL, or null for an image elsewhere. */
export function libraryHash(url: string): string | null {
  return LIBRARY_PATH.exec(url)?.[1] ?? null;
}

interface AltText {
  /** The alt field, registered with the form (an uncontrolled input). */
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

interface ImagePickerProps {
  id: string;
  label: string;
  /** The URL: a library image's (the sizes' URL with '{format}', or a size of it) or one elsewhere. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The spec §9 presets the listener pages cut the image in; none for a logo or a background. */
  crops: readonly string[];
  /** A content image's alt text; absent for a logo or a background. */
  alt?: AltText | undefined;
  error?: string | undefined;
  /** The URL field, for the form to move the focus to on an error. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A fieldset of the image: what is chosen now (with a button to choose none), the library's ready
 * images as thumbnails with a search, an upload that is chosen once processed, the URL field, the
 * focal point and crops of a chosen library image, and the alt text.
 */
export function ImagePicker({
  id,
  label,
  value,
  onChange,
  onBlur,
  crops,
  alt,
  error,
  inputRef,
}: ImagePickerProps) {
  const images = useImageLibrary();
  const { library } = images;
  const { items } = library;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const legendId = useId();
  const urlHintId = `${id}-url-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const altId = `${id}-alt`;
  const altHintId = `${altId}-hint`;
  const altErrorId = alt?.error ? `${altId}-error` : undefined;

  // A library image is stored as the URL of its sizes (with crops) or its 1080 px wide size.
  const urlOf = (media: ImageMedia) => (crops.length > 0 ? media.url : media.contentUrl);
  const hash = libraryHash(value);
  const [chosen, setChosen] = useState<ImageMedia | null>(null);
  const chosenItem =
    hash === null
      ? null
      : chosen && libraryHash(chosen.url) === hash
        ? chosen
        : (items.find((m) => libraryHash(m.url) === hash) ?? null);

  const choose = (media: ImageMedia) => {
    setChosen(media);
    onChangeRef.current(urlOf(media));
  };

  const preview = value ? (value.includes('{format}') ? applyFormat(value, THUMBNAIL) : value) : '';
  const previews = cropPreviews(crops);

  return (
    <fieldset className="admin-image-picker" aria-labelledby={legendId} aria-describedby={errorId}>
      <legend id={legendId}>{label}</legend>
      <div className="admin-image-picker__current">
        {preview ? (
          <>
            <img src={preview} alt="" width={THUMBNAIL.width} height={THUMBNAIL.height} />
            <p>
              Gekozen:{' '}
              {chosenItem
                ? chosenItem.name || `Afbeelding ${chosenItem.id}`
                : hash
                  ? 'een afbeelding uit de bibliotheek'
                  : value}
            </p>
            <button type="button" className="admin-link-button" onClick={() => onChange('')}>
              Geen afbeelding
            </button>
          </>
        ) : (
          <p>Nog geen afbeelding gekozen.</p>
        )}
      </div>
      {error && (
        <p id={errorId} className="admin-error">
          {error}
        </p>
      )}

      <ImageLibraryChooser id={id} images={images} chosenId={chosenItem?.id} onChoose={choose} />

      <UploadField
        kind="image"
        label="Nieuwe afbeelding uploaden"
        hint="JPEG, PNG, WebP, GIF, HEIC of TIFF, hoogstens 25 MB; ze wordt gekozen zodra ze klaar is."
        onUploaded={(media) => {
          if (!isReadyImage(media)) return;
          library.add([media], true);
          choose(media);
        }}
      />

      <div className="admin-field">
        <label htmlFor={id}>Of een afbeelding elders (URL)</label>
        <p id={urlHintId} className="admin-hint">
          Begint met https:// of /. Een afbeelding uit de bibliotheek vult dit veld zelf.
        </p>
        <input
          id={id}
          ref={inputRef}
          type="url"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={[urlHintId, errorId].filter(Boolean).join(' ')}
        />
      </div>

      {chosenItem && crops.length > 0 && (
        <ImageEditor
          image={chosenItem}
          previews={previews}
          headingLevel={3}
          onSaved={(media) => {
            if (isReadyImage(media)) choose(media);
          }}
        />
      )}

      {alt && (
        <div className="admin-field">
          <label htmlFor={altId}>
            Alt-tekst bij {label.toLowerCase()}
            {value ? ' (verplicht)' : ''}
          </label>
          <p id={altHintId} className="admin-hint">
            Beschrijf kort wat er op de afbeelding te zien is, voor wie haar niet kan zien. Bijvoorbeeld:
            ‘Anna lacht in de studio, koptelefoon om’.
          </p>
          <input
            id={altId}
            type="text"
            aria-invalid={alt.error ? true : undefined}
            aria-describedby={[altHintId, altErrorId].filter(Boolean).join(' ')}
            {...alt.registration}
          />
          {alt.error && (
            <p id={altErrorId} className="admin-error">
              {alt.error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
