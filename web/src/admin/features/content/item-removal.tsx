import { useState } from 'react';
import { AdminApiError } from '../../api/admin-client';
import { contentApi, type ContentItem, type ContentType } from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';

interface ItemRemovalProps {
  type: ContentType;
  item: ContentItem;
  /** After an archive or a restore, with the item as it is stored now. */
  onChanged: (item: ContentItem) => void;
  /** After a delete. */
  onDeleted: () => void;
}

/**
 * Archiving and deleting an item, each asked once more in Dutch. An item other items still refer
 * to (a programme with broadcasts) cannot be deleted: where its type can be archived the form
 * offers that instead, which takes it off the site but keeps it, restorable.
 */
export function ItemRemoval({ type, item, onChanged, onDeleted }: ItemRemovalProps) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // "Programma 'Nachtwacht'": no article, which would differ by word (de presentator, het programma).
  const name = `${type.labelSingular} '${item.title}'`;
  const usedBy = item.usedBy ?? 0;

  const run = async (question: string, call: () => Promise<void>, failed: string) => {
    if (busy || !window.confirm(question)) return;
    setError(undefined);
    setBusy(true);
    try {
      await call();
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : failed);
    } finally {
      setBusy(false);
    }
  };

  const archive = () =>
    run(
      `${name} archiveren? Het verdwijnt van de site, maar blijft bewaard en kan later worden teruggezet.`,
      async () => onChanged((await contentApi.archive(type.name, item.id, item.version)).item),
      'Archiveren is mislukt.',
    );
  const unarchive = () =>
    run(
      `${name} terugzetten? Het staat dan weer op de site.`,
      async () => onChanged((await contentApi.unarchive(type.name, item.id, item.version)).item),
      'Terugzetten is mislukt.',
    );
  const remove = () =>
    run(
      `${name} verwijderen? Het gaat van de site naar de prullenbak, waaruit een eindredacteur of beheerder het kan terugzetten.`,
      async () => {
        await contentApi.remove(type.name, item.id, item.version);
        onDeleted();
      },
      'Verwijderen is mislukt.',
    );

  return (
    <section aria-labelledby="removal-heading" className="admin-removal">
      <h2 id="removal-heading">{type.archivable ? 'Archiveren of verwijderen' : 'Verwijderen'}</h2>
      <FormAlert message={error} />
      {item.archived && <p className="admin-hint">Gearchiveerd: niet op de site, wel bewaard.</p>}
      {usedBy > 0 && (
        <p className="admin-hint">
          {`${name} wordt nog ${usedBy} keer gebruikt en kan daarom niet worden verwijderd.`}
          {type.archivable && !item.archived
            ? ' Met archiveren gaat het van de site en blijft het bewaard.'
            : ''}
        </p>
      )}
      <p className="admin-actions">
        {/* One button that turns from Archiveren into Terugzetten and back, and is only marked
            disabled while busy: the focus stays on it (a removed or disabled button drops it). */}
        {type.archivable && (
          <button
            type="button"
            onClick={() => void (item.archived ? unarchive() : archive())}
            aria-disabled={busy || undefined}
          >
            {item.archived ? 'Terugzetten' : 'Archiveren'}
          </button>
        )}
        {usedBy === 0 && (
          <button type="button" className="admin-danger" onClick={() => void remove()} disabled={busy}>
            Verwijderen
          </button>
        )}
      </p>
    </section>
  );
}
