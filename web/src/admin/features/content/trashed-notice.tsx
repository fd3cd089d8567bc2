import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AdminApiError } from '../../api/admin-client';
import type { ContentItem, ContentType } from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import { trashApi } from '../trash/trash-api';

/** What a delete hands the list it lands on (the navigation's state), to say so and offer the undo. */
export interface TrashedState {
  trashed: { type: string; label: string; id: string; title: string };
}

/** The navigation state after `item` of `type` went to the trash. */
export function trashedState(type: ContentType, item: ContentItem): TrashedState {
  return { trashed: { type: type.name, label: type.labelSingular, id: item.id, title: item.title } };
}

/** The deleted item a navigation's state names, if any (a state is whatever history kept). */
export function trashedFrom(state: unknown): TrashedState['trashed'] | undefined {
  if (typeof state !== 'object' || state === null || !('trashed' in state)) return undefined;
  const trashed = (state as { trashed: unknown }).trashed;
  if (typeof trashed !== 'object' || trashed === null) return undefined;
  const { type, label, id, title } = trashed as Record<string, unknown>;
  return typeof type === 'string' &&
    typeof label === 'string' &&
    typeof id === 'string' &&
    typeof title === 'string'
    ? { type, label, id, title }
    : undefined;
}

/**
 * After a delete, on the list the editor lands on (issue 54): "Programma 'Nachtwacht' staat in de
 * prullenbak." with 'Terugzetten', which puts it back from the trash (POST
 * /api/admin/trash/{type}/{id}/restore, the permission a delete needs) and then links to it.
 */
export function TrashedNotice({ onRestored }: { onRestored: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [trashed, setTrashed] = useState<TrashedState['trashed']>();
  const [restored, setRestored] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  // One notice per delete: each navigation that carries one fills it (after the empty status
  // region is drawn, so it is announced); the navigation that clears the state keeps it.
  useEffect(() => {
    const next = trashedFrom(location.state);
    if (!next) return;
    setTrashed(next);
    setRestored(false);
    setError(undefined);
  }, [location]);

  const restore = async () => {
    if (!trashed || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await trashApi.restore(trashed);
      setRestored(true);
      // Back or a reload does not offer it again.
      void navigate('.', { replace: true, state: null });
      onRestored();
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Terugzetten is mislukt.');
    } finally {
      setBusy(false);
    }
  };

  const name = trashed ? `${trashed.label} '${trashed.title}'` : '';
  return (
    <div className="admin-trashed-notice">
      <p role="status" className="admin-status">
        {trashed && (restored ? `${name} is teruggezet.` : `${name} staat in de prullenbak.`)}
        {trashed && restored && (
          <>
            {' '}
            <Link to={`/inhoud/${trashed.type}/${encodeURIComponent(trashed.id)}`}>
              Open '{trashed.title}'
            </Link>
          </>
        )}
      </p>
      <FormAlert message={error} />
      {trashed && !restored && (
        <p className="admin-actions">
          <button type="button" onClick={() => void restore()} aria-disabled={busy || undefined}>
            Terugzetten
          </button>
        </p>
      )}
    </div>
  );
}
