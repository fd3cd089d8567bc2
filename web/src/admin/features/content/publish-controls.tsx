import { useRef, useState } from 'react';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import { contentApi, STATE_LABELS, type ContentItem, type ContentType } from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import type { SaveFirst } from './content-form';
import { fromLocalInput, toLocalInput } from './content-schema';
import { publicationText } from './publication';

/** The publication moments the fields show for a stored item: a scheduled one's start, its end. */
const storedMoments = (item: ContentItem) => ({
  publishAt: item.state === 'scheduled' ? toLocalInput(item.publishAt) : '',
  unpublishAt: toLocalInput(item.unpublishAt),
});

/**
 * Publication of one item: its state, publish and unpublish moments (date-time pickers; empty
 * publish: now) and the buttons, for one who may publish; one who may not sees the state and who
 * publishes (a redacteur offers a draft for review instead, ReviewControls). 'Publiceren'
 * publishes what the form shows: its unsaved changes are saved
 * first (`saveFirst`), and nothing is published when that save fails (issue 48). 'Offline halen'
 * is asked once more first, as a delete is (issue 54). Enter in a moment field publishes nothing,
 * and the focus stays on the button pressed.
 */
export function PublishControls({
  type,
  item,
  canPublish,
  saveFirst,
  onChanged,
}: {
  type: ContentType;
  item: ContentItem;
  canPublish: boolean;
  /** Saves the form's unsaved changes before a publication. */
  saveFirst?: SaveFirst | undefined;
  onChanged: (item: ContentItem) => void;
}) {
  const [moments, setMoments] = useState(() => storedMoments(item));
  // The stored publication the fields were filled from: a new one (published, taken offline,
  // restored) fills them again; a save of the form's fields leaves what was typed here.
  const stored = `${item.state} ${item.publishAt ?? ''} ${item.unpublishAt ?? ''}`;
  const [filledFrom, setFilledFrom] = useState(stored);
  if (filledFrom !== stored) {
    setFilledFrom(stored);
    setMoments(storedMoments(item));
  }
  const { publishAt, unpublishAt } = moments;
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const publishButton = useRef<HTMLButtonElement>(null);

  const run = async (call: () => Promise<{ item: ContentItem; saved?: boolean } | undefined>) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    setFieldErrors({});
    try {
      const answer = await call();
      if (!answer) return;
      onChanged(answer.item);
      setDone(publicationText(answer.item.state, answer.saved ?? false));
    } catch (failure) {
      if (failure instanceof AdminApiError) {
        setFieldErrors(failure.fields);
        if (Object.keys(failure.fields).length === 0) setError(failure.message);
      } else setError('Er ging iets mis. Probeer het opnieuw.');
    } finally {
      setBusy(false);
    }
  };

  const publish = () =>
    void run(async () => {
      const first = saveFirst ? await saveFirst() : { saved: true as const, item: undefined };
      if (!first.saved) {
        setError(
          'Niet gepubliceerd: je wijzigingen in het formulier zijn nog niet opgeslagen. ' +
            'Los op wat daar staat en probeer het opnieuw.',
        );
        return undefined;
      }
      const version = (first.item ?? item).version;
      const answer = await contentApi.publish(
        type.name,
        item.id,
        version,
        fromLocalInput(publishAt),
        fromLocalInput(unpublishAt),
      );
      return { item: answer.item, saved: first.item !== undefined };
    });

  const unpublish = () => {
    // Asked once more, the way a delete is (ItemRemoval): the item leaves the site at once.
    if (
      busy ||
      !window.confirm(
        `${type.labelSingular} '${item.title}' offline halen? Het verdwijnt meteen van de site; ` +
          'met Publiceren zet je het er weer op.',
      )
    )
      return;
    void run(async () => {
      const answer = await contentApi.unpublish(type.name, item.id, item.version);
      // The button goes with the publication: the focus goes to the one that publishes again.
      requestAnimationFrame(() => publishButton.current?.focus());
      return answer;
    });
  };

  const field = (id: string, name: 'publishAt' | 'unpublishAt', label: string) => (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        value={moments[name]}
        onChange={(event) => {
          const value = event.target.value;
          setMoments((current) => ({ ...current, [name]: value }));
        }}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `${id}-error` : undefined}
      />
      {fieldErrors[name] && (
        <p id={`${id}-error`} className="admin-error">
          {fieldErrors[name]}
        </p>
      )}
    </div>
  );

  const status = (
    <p>
      Status: <strong className={`admin-state admin-state-${item.state}`}>{STATE_LABELS[item.state]}</strong>
      {item.published && item.publishAt && <> · vanaf {formatInstant(item.publishAt)}</>}
      {item.published && item.unpublishAt && <> · tot {formatInstant(item.unpublishAt)}</>}
    </p>
  );
  if (!canPublish)
    return (
      <section className="admin-form" aria-labelledby="publish-heading">
        <h2 id="publish-heading">Publicatie</h2>
        {status}
        <p className="admin-hint">
          {item.published
            ? 'Een eindredacteur beslist over de publicatie.'
            : 'Een eindredacteur publiceert wat je schrijft: bied het ter beoordeling aan.'}
        </p>
      </section>
    );

  return (
    // No submit button: Enter in a moment field publishes nothing; only the buttons do.
    <form
      className="admin-form"
      onSubmit={(event) => event.preventDefault()}
      aria-labelledby="publish-heading"
      noValidate
    >
      <h2 id="publish-heading">Publicatie</h2>
      {status}
      <FormAlert message={error} />
      {field('publish-at', 'publishAt', 'Publiceren vanaf (leeg: nu)')}
      {field('unpublish-at', 'unpublishAt', 'Offline halen op (leeg: nooit)')}
      {item.draft && item.published && (
        <p className="admin-hint">
          Hier verander je alleen de publicatie van de versie op de site; het concept zet je er met ‘Concept
          publiceren’ op.
        </p>
      )}
      {item.draft && !item.published && (
        <p className="admin-hint">
          ‘Publiceren’ zet de opgeslagen versie online, niet het concept: neem het concept eerst over met
          ‘Concept overnemen’.
        </p>
      )}
      <div className="admin-actions">
        {/* aria-disabled, not disabled, while busy: a disabled button drops the focus to the page. */}
        <button type="button" ref={publishButton} aria-disabled={busy || undefined} onClick={publish}>
          {publishAt ? 'Inplannen' : 'Publiceren'}
        </button>
        {item.published && (
          <button type="button" aria-disabled={busy || undefined} onClick={unpublish}>
            Offline halen
          </button>
        )}
      </div>
      <p role="status" className="admin-status">
        {done}
      </p>
    </form>
  );
}
