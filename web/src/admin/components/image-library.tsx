// The media library's ready images to choose from, as thumbnails with a search, a page at a time:
// the image fields' picker (image-picker.tsx) and the body's image block (block-editor) both
// choose from it, so that a picture used again is the same library item, not a new upload.
import { useEffect, useState } from 'react';
import { applyFormat } from '../../lib/images';
import type { ImageMedia, Media } from '../api/media-client';
import { LibraryMore, useLibrary, type Library } from './library-list';

/** The size the choosers show an image at. */
export const THUMBNAIL = { width: 128, height: 96 };

export const isReadyImage = (media: Media): media is ImageMedia =>
  media.kind === 'image' && media.status === 'ready';

/** The library's images for a chooser, with its search (asked for once typing pauses). */
export interface ImageLibrary {
  library: Library<ImageMedia>;
  query: string;
  setQuery: (query: string) => void;
  search: string;
  searchNow: () => void;
}

export function useImageLibrary(): ImageLibrary {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const library = useLibrary(
    'image',
    isReadyImage,
    'De afbeeldingen uit de bibliotheek konden niet worden geladen.',
    search,
  );
  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), 300);
    return () => clearTimeout(timer);
  }, [query]);
  return { library, query, setQuery, search, searchNow: () => setSearch(query.trim()) };
}

/**
 * The search field, the thumbnails (the chosen one pressed) and the button for more. `id` names the
 * search field (`{id}-search`).
 */
export function ImageLibraryChooser({
  id,
  images,
  chosenId,
  onChoose,
}: {
  id: string;
  images: ImageLibrary;
  chosenId?: number | undefined;
  onChoose: (media: ImageMedia) => void;
}) {
  const { library, query, setQuery, search, searchNow } = images;
  const searchId = `${id}-search`;
  return (
    <>
      <div className="admin-field">
        <label htmlFor={searchId}>Zoek in de bibliotheek</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches at once instead of sending the content form.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            searchNow();
          }}
        />
      </div>
      {library.items.length === 0 && !library.loadError ? (
        <p role="status">
          {search
            ? `Geen afbeeldingen gevonden met ‘${search}’.`
            : 'Nog geen afbeeldingen in de bibliotheek.'}
        </p>
      ) : (
        <ul className="admin-media-grid" aria-label="Afbeeldingen uit de bibliotheek">
          {library.items.map((media) => (
            <li key={media.id}>
              <button type="button" aria-pressed={chosenId === media.id} onClick={() => onChoose(media)}>
                <img
                  src={applyFormat(media.url, THUMBNAIL)}
                  width={THUMBNAIL.width}
                  height={THUMBNAIL.height}
                  alt=""
                />
                <span>{media.name || `Afbeelding ${media.id}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <LibraryMore library={library} label="Meer afbeeldingen laden" />
    </>
  );
}
