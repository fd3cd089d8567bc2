import { useState } from 'react';
import { formatPublishedWithTime } from '../../../lib/format-date';
import { AdminApiError } from '../../api/admin-client';
import { OFFLINE_DRAFT_CONFLICT_MESSAGE } from '../../api/error-messages';
import { contentApi, type ContentItem, type ContentType } from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import type { SaveFirst } from './use-content-save';

interface DraftNoticeProps {
  type: ContentType;
  /** An item with a draft (item.draft). */
  item: ContentItem;
  /** The user may publish: the draft is made live here; otherwise it is offered for review. */
  mayPublish: boolean;
  /** The form's save (of the draft), run before publishing: it publishes what the form shows. */
  saveFirst: SaveFirst;
  /** After a publication or a discard, with the item as it is stored now. */
  onChanged: (item: ContentItem) => void;
}

/**
 * What the notice calls the item: 'een gepubliceerd artikel', or, once it was taken offline with its
 * draft kept, 'een offline gehaald artikel'.
 */
export function draftSubject(type: ContentType, published = true): string {
  const state = published ? 'gepubliceerd' : 'offline gehaald';
  return type.name === 'articles'
    ? `een ${state} artikel`
    : `een ${state} item (${type.labelSingular.toLowerCase()})`;
}

/**
 * The notice above the form of an item on the site that has a draft (issue 54): the site shows the
 * published version until the draft is published ('Concept publiceren', by one who may publish;
 * a redacteur offers it for review), or thrown away ('Concept verwijderen', asked once more). When
 * the live version changed after the draft was made, publishing says so first and overwrites only
 * on purpose ('Concept toch publiceren'). An item taken offline keeps its draft (issue 54): it is
 * saved, taken over as the stored version ('Concept overnemen'; the item stays offline until it is
 * published) or thrown away as before.
 */
export function DraftNotice({ type, item, mayPublish, saveFirst, onChanged }: DraftNoticeProps) {
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState<ContentItem>();
  const [busy, setBusy] = useState(false);
  const draft = item.draft;
  if (!draft) return null;
  const verb = item.published ? 'publiceren' : 'overnemen';
  // The draft of an item on the site goes live, which needs one who may publish; an item taken
  // offline stays offline, and whoever may edit it takes its draft over (as the server rules).
  const mayApply = item.published ? mayPublish : true;

  const run = async (call: () => Promise<void>, failed: string) => {
    if (busy) return;
    setError(undefined);
    setBusy(true);
    try {
      await call();
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.code === 'draft_conflict' && failure.current) {
        setConflict(failure.current as ContentItem);
        setError(item.published ? failure.message : OFFLINE_DRAFT_CONFLICT_MESSAGE);
      } else {
        setError(failure instanceof AdminApiError ? failure.message : failed);
      }
    } finally {
      setBusy(false);
    }
  };

  const publish = (overwrite: boolean) =>
    run(async () => {
      const first = await saveFirst();
      if (!first.saved) return;
      const version = overwrite && conflict ? conflict.version : (first.item ?? item).version;
      const answer = await contentApi.publishDraft(type.name, item.id, version, overwrite);
      setConflict(undefined);
      onChanged(answer.item);
    }, 'Publiceren is mislukt.');

  const discard = () => {
    const kept = item.published
      ? 'De gepubliceerde versie blijft op de site staan.'
      : 'Het item blijft zoals het is opgeslagen.';
    if (busy || !window.confirm(`Concept verwijderen? ${kept}`)) return;
    void run(async () => {
      await contentApi.discardDraft(type.name, item.id);
      onChanged({ ...item, draft: null });
    }, 'Verwijderen is mislukt.');
  };

  return (
    <section className="admin-notice admin-draft-notice" aria-labelledby="draft-notice-heading">
      <h2 id="draft-notice-heading">Je bewerkt een concept van {draftSubject(type, item.published)}</h2>
      <p>
        {item.published
          ? 'De site toont de gepubliceerde versie tot het concept is gepubliceerd.'
          : "Het item staat niet op de site. 'Concept overnemen' maakt het concept de opgeslagen versie; het item blijft offline tot het wordt gepubliceerd."}{' '}
        Laatst opgeslagen door {draft.savedBy || 'onbekend'}, {formatPublishedWithTime(draft.savedAt)}.
      </p>
      {!mayApply && (
        <p className="admin-hint">Een eindredacteur publiceert het: bied het aan ter beoordeling.</p>
      )}
      <FormAlert message={error} />
      <p className="admin-actions">
        {mayApply && !conflict && (
          <button type="button" onClick={() => void publish(false)} aria-disabled={busy || undefined}>
            {`Concept ${verb}`}
          </button>
        )}
        {mayApply && conflict && (
          <button type="button" onClick={() => void publish(true)} aria-disabled={busy || undefined}>
            {`Concept toch ${verb}`}
          </button>
        )}
        <button type="button" className="admin-danger" onClick={discard} aria-disabled={busy || undefined}>
          Concept verwijderen
        </button>
      </p>
    </section>
  );
}
