// The credit and caption the library keeps with an image (PUT /api/admin/media/{id}/details): a
// picture chosen for an article's body brings them into its image block's empty fields.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { AdminApiError } from '../../api/admin-client';
import { MAX_DETAIL_LENGTH, mediaApi, type ImageMedia, type Media } from '../../api/media-client';

interface MediaDetailsProps {
  image: ImageMedia;
  /** Called with the item as the server stored it (trimmed). */
  onSaved: (media: Media) => void;
  /** Says the outcome in the page's live region. */
  onAnnounce: (message: string) => void;
}

/**
 * 'Fotograaf of bron' and 'Bijschrift' of an image, saved with 'Opslaan' (or Enter in a field); a
 * refusal shows beside the button and is tied to it.
 */
export function MediaDetails({ image, onSaved, onAnnounce }: MediaDetailsProps) {
  const id = useId();
  const [credit, setCredit] = useState(image.credit);
  const [caption, setCaption] = useState(image.caption);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  // Another image, or the words as stored after a save; a new focal point keeps what is being typed.
  useEffect(() => {
    setCredit(image.credit);
    setCaption(image.caption);
    setError(undefined);
  }, [image.id, image.credit, image.caption]);

  const name = image.name || `Afbeelding ${image.id}`;
  const errorId = `${id}-error`;
  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(undefined);
    try {
      const media = await mediaApi.setDetails(image.id, { credit, caption });
      onSaved(media);
      onAnnounce(`De fotograaf of bron en het bijschrift van ${name} zijn bewaard.`);
    } catch (failure) {
      setError(
        failure instanceof AdminApiError
          ? failure.message
          : 'De fotograaf of bron en het bijschrift konden niet worden bewaard.',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="admin-media-details"
      aria-label={`Fotograaf of bron en bijschrift van ${name}`}
      onSubmit={(event) => void save(event)}
    >
      <p className="admin-hint">
        Kies je deze afbeelding in de tekst van een artikel, dan vullen deze de lege velden van het
        afbeeldingsblok.
      </p>
      <div className="admin-field">
        <label htmlFor={`${id}-credit`}>Fotograaf of bron</label>
        <input
          id={`${id}-credit`}
          type="text"
          value={credit}
          maxLength={MAX_DETAIL_LENGTH}
          onChange={(event) => setCredit(event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-caption`}>Bijschrift</label>
        <input
          id={`${id}-caption`}
          type="text"
          value={caption}
          maxLength={MAX_DETAIL_LENGTH}
          onChange={(event) => setCaption(event.target.value)}
        />
      </div>
      <p>
        {/* Not disabled while saving: a disabled button would drop the keyboard's focus. */}
        <button type="submit" aria-disabled={saving} aria-describedby={error ? errorId : undefined}>
          Opslaan
        </button>
      </p>
      {error && (
        <p id={errorId} className="admin-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
