import { useEffect, useState } from 'react';
import { AdminApiError } from '../../api/admin-client';
import {
  contentApi,
  type BulkAction,
  type BulkAnswer,
  type ContentItem,
  type ContentType,
  type ReferenceOption,
} from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import { BULK_LABELS, bulkQuestion, categoryField } from './bulk-text';

/**
 * The bulk actions of a list (issue 54) on the `selected` items: an action (and, for a category,
 * which one), asked once more with the count (window.confirm, as a single delete is), then one
 * call to the server; `onDone` gets its answer per item. Offers only `actions`.
 */
export function BulkBar({
  type,
  actions,
  selected,
  onDone,
}: {
  type: ContentType;
  actions: readonly BulkAction[];
  selected: readonly ContentItem[];
  onDone: (action: BulkAction, answer: BulkAnswer) => void;
}) {
  const [action, setAction] = useState<BulkAction | ''>('');
  const [category, setCategory] = useState('');
  const [categories, setCategories] = useState<ReferenceOption[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = categoryField(type);

  useEffect(() => {
    if (action !== 'category' || !field || categories) return;
    let current = true;
    contentApi
      .options(field.reference)
      .then((answer) => current && setCategories(answer.options))
      .catch(() => current && setError('De categorieën konden niet worden geladen.'));
    return () => {
      current = false;
    };
  }, [action, field, categories]);

  const run = async () => {
    if (busy) return;
    setError(undefined);
    if (selected.length === 0) return setError('Selecteer eerst een of meer items in de lijst.');
    if (!action) return setError('Kies wat je met de geselecteerde items wilt doen.');
    const chosen = categories?.find((option) => String(option.value) === category);
    if (action === 'category' && !chosen) return setError('Kies een categorie.');
    if (!window.confirm(bulkQuestion(type, action, selected.length, chosen?.label))) return;
    setBusy(true);
    try {
      const answer = await contentApi.bulk(
        type.name,
        action,
        selected.map((item) => ({ id: item.id, version: item.version })),
        action === 'category' ? chosen?.value : undefined,
      );
      onDone(action, answer);
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Er ging iets mis. Probeer het opnieuw.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-bulk" role="group" aria-labelledby="bulk-heading">
      <h2 id="bulk-heading" className="visually-hidden">
        Geselecteerde items
      </h2>
      <p className="admin-bulk-count">
        {selected.length === 0 ? 'Niets geselecteerd' : `${selected.length} geselecteerd`}
      </p>
      <div className="admin-field">
        <label htmlFor="bulk-action">Actie</label>
        <select
          id="bulk-action"
          value={action}
          onChange={(event) => setAction(event.target.value as BulkAction | '')}
        >
          <option value="">Kies een actie</option>
          {actions.map((option) => (
            <option key={option} value={option}>
              {BULK_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      {action === 'category' && field && (
        <div className="admin-field">
          <label htmlFor="bulk-category">Nieuwe categorie</label>
          <select id="bulk-category" value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">Kies een categorie</option>
            {(categories ?? []).map((option) => (
              <option key={String(option.value)} value={String(option.value)}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="button" onClick={() => void run()} aria-disabled={busy || undefined}>
        Uitvoeren
      </button>
      <FormAlert message={error} />
    </div>
  );
}
