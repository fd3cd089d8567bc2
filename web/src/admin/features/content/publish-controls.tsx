import { useState, type FormEvent } from 'react';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import { contentApi, STATE_LABELS, type ContentItem, type ContentType } from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import { fromLocalInput, toLocalInput } from './content-schema';

/**
 * Publication of one item: its state, publish and unpublish moments (date-time pickers; empty
 * publish: now) and the buttons. Shown to everyone; the server refuses a redacteur (403), whose
 * message appears here.
 */
export function PublishControls({
  type,
  item,
  canPublish,
  onChanged,
}: {
  type: ContentType;
  item: ContentItem;
  canPublish: boolean;
  onChanged: (item: ContentItem) => void;
}) {
  const [publishAt, setPublishAt] = useState(item.state === 'scheduled' ? toLocalInput(item.publishAt) : '');
  const [unpublishAt, setUnpublishAt] = useState(toLocalInput(item.unpublishAt));
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<{ item: ContentItem }>) => {
    setBusy(true);
    setError(undefined);
    setFieldErrors({});
    try {
      onChanged((await call()).item);
    } catch (failure) {
      if (failure instanceof AdminApiError) {
        setFieldErrors(failure.fields);
        if (Object.keys(failure.fields).length === 0) setError(failure.message);
      } else setError('Er ging iets mis. Probeer het opnieuw.');
    } finally {
      setBusy(false);
    }
  };

  const publish = (event: FormEvent) => {
    event.preventDefault();
    void run(() =>
      contentApi.publish(
        type.name,
        item.id,
        item.version,
        fromLocalInput(publishAt),
        fromLocalInput(unpublishAt),
      ),
    );
  };

  const field = (id: string, name: string, label: string, value: string, set: (v: string) => void) => (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        value={value}
        onChange={(event) => set(event.target.value)}
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

  return (
    <form className="admin-form" onSubmit={publish} aria-labelledby="publish-heading" noValidate>
      <h2 id="publish-heading">Publicatie</h2>
      <p>
        Status:{' '}
        <strong className={`admin-state admin-state-${item.state}`}>{STATE_LABELS[item.state]}</strong>
        {item.published && item.publishAt && <> · vanaf {formatInstant(item.publishAt)}</>}
        {item.published && item.unpublishAt && <> · tot {formatInstant(item.unpublishAt)}</>}
      </p>
      {!canPublish && <p className="admin-hint">Een eindredacteur publiceert wat je schrijft.</p>}
      <FormAlert message={error} />
      {field('publish-at', 'publishAt', 'Publiceren vanaf (leeg: nu)', publishAt, setPublishAt)}
      {field('unpublish-at', 'unpublishAt', 'Offline halen op (leeg: nooit)', unpublishAt, setUnpublishAt)}
      <div className="admin-actions">
        <button type="submit" disabled={busy}>
          {publishAt ? 'Inplannen' : 'Publiceren'}
        </button>
        {item.published && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => contentApi.unpublish(type.name, item.id, item.version))}
          >
            Offline halen
          </button>
        )}
      </div>
    </form>
  );
}
