import { useRef, useState } from 'react';
import { AdminApiError } from '../../api/admin-client';
import { contentApi, type ContentItem, type ContentType } from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import type { SaveFirst } from './content-form';
import { reviewLabel, reviewSummary } from './review-text';

interface ReviewControlsProps {
  type: ContentType;
  /** A draft (an item on the site is past review). */
  item: ContentItem;
  /** The user may change the item, and so offer it for review. */
  mayEdit: boolean;
  /** The user may publish, and so send a waiting draft back. */
  mayPublish: boolean;
  /** Saves the form's unsaved changes before the draft is offered. */
  saveFirst?: SaveFirst | undefined;
  onChanged: (item: ContentItem) => void;
}

/**
 * A draft's review step ('Beoordeling'): where it stands (waiting, by whom and when; or sent back,
 * with the note), 'Ter beoordeling aanbieden' with an optional note for one who may change it, and
 * 'Terugsturen' with a note that says why for one who may publish it once it waits. Offering offers
 * what the form shows: its unsaved changes are saved first, and nothing is offered when that save
 * fails. After a step the focus goes to the section's heading, where what changed is said.
 */
export function ReviewControls({
  type,
  item,
  mayEdit,
  mayPublish,
  saveFirst,
  onChanged,
}: ReviewControlsProps) {
  const review = item.review ?? null;
  const waiting = review?.status === 'waiting';
  const [offerNote, setOfferNote] = useState('');
  const [backNote, setBackNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const run = async (call: () => Promise<ContentItem | undefined>, message: string) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    setNoteError(undefined);
    setDone(undefined);
    try {
      const changed = await call();
      if (!changed) return;
      onChanged(changed);
      setOfferNote('');
      setBackNote('');
      setDone(message);
      // The button pressed goes with the step: the heading is where the editor continues.
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      if (failure instanceof AdminApiError) {
        if (failure.fields.note) setNoteError(failure.fields.note);
        else setError(failure.message);
      } else setError('Er ging iets mis. Probeer het opnieuw.');
    } finally {
      setBusy(false);
    }
  };

  const offer = () =>
    void run(async () => {
      const first = saveFirst ? await saveFirst() : { saved: true as const, item: undefined };
      if (!first.saved) {
        setError(
          'Niet aangeboden: je wijzigingen in het formulier zijn nog niet opgeslagen. ' +
            'Los op wat daar staat en probeer het opnieuw.',
        );
        return undefined;
      }
      const version = (first.item ?? item).version;
      return (await contentApi.offer(type.name, item.id, version, offerNote)).item;
    }, 'Ter beoordeling aangeboden. Een eindredacteur vindt het onder ‘Wacht op beoordeling’.');

  const sendBack = () => {
    if (!backNote.trim()) {
      setNoteError('Schrijf op wat er nog aan moet gebeuren.');
      document.getElementById('review-send-back-note')?.focus();
      return;
    }
    void run(
      async () => (await contentApi.sendBack(type.name, item.id, item.version, backNote)).item,
      `Teruggestuurd${item.author ? ` naar ${item.author}` : ''}, met je notitie.`,
    );
  };

  const noteField = (id: string, label: string, value: string, onChange: (value: string) => void) => (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        maxLength={1000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={noteError ? `${id}-error` : undefined}
      />
      {noteError && (
        <p id={`${id}-error`} className="admin-error">
          {noteError}
        </p>
      )}
    </div>
  );

  return (
    // No submit button: Enter in a note adds a line; only the buttons take a step.
    <form
      className="admin-form admin-review"
      onSubmit={(event) => event.preventDefault()}
      aria-labelledby="review-heading"
      noValidate
    >
      <h2 id="review-heading" ref={heading} tabIndex={-1}>
        Beoordeling
      </h2>
      {review ? (
        <div className={`admin-review-${review.status}`}>
          <p>
            <strong className={`admin-state admin-state-${review.status}`}>{reviewLabel(review)}</strong>{' '}
            <span>{reviewSummary(review)}</span>
          </p>
          {review.note && (
            <p className="admin-review-note">
              {review.status === 'returned' ? 'Wat er nog moet gebeuren: ' : 'Notitie: '}
              {review.note}
            </p>
          )}
        </div>
      ) : (
        <p>Nog niet ter beoordeling aangeboden.</p>
      )}
      <FormAlert message={error} />
      {mayEdit && !waiting && (
        <>
          {noteField(
            'review-offer-note',
            'Notitie voor de eindredactie (niet verplicht)',
            offerNote,
            setOfferNote,
          )}
          <div className="admin-actions">
            {/* aria-disabled, not disabled, while busy: a disabled button drops the focus to the page. */}
            <button type="button" aria-disabled={busy || undefined} onClick={offer}>
              Ter beoordeling aanbieden
            </button>
          </div>
        </>
      )}
      {mayPublish && waiting && (
        <>
          {noteField('review-send-back-note', 'Wat moet er nog gebeuren? (verplicht)', backNote, setBackNote)}
          <div className="admin-actions">
            <button type="button" aria-disabled={busy || undefined} onClick={sendBack}>
              Terugsturen
            </button>
          </div>
        </>
      )}
      <p role="status" className="admin-status">
        {done}
      </p>
    </form>
  );
}
