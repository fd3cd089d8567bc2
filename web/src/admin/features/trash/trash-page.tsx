import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { TableScroll } from '../../components/table-scroll';
import { trashApi, type TrashedItem, type TrashList } from './trash-api';

/**
 * The trash ('Prullenbak', eindredacteuren and beheerders): what editors deleted, with who did it
 * and when it goes for good; each item is put back whole ('Terugzetten') or removed for good
 * ('Definitief verwijderen', asked once more).
 */
export function TrashPage() {
  const [list, setList] = useState<TrashList>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [restored, setRestored] = useState<TrashedItem>();
  const [busy, setBusy] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    () =>
      trashApi
        .list()
        .then(setList)
        .catch((failure: unknown) =>
          setError(
            failure instanceof AdminApiError ? failure.message : 'De prullenbak kon niet worden geladen.',
          ),
        ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (item: TrashedItem, call: () => Promise<unknown>, done: string, failed: string) => {
    if (busy) return;
    setError(undefined);
    setStatus(undefined);
    setRestored(undefined);
    setBusy(`${item.type}/${item.id}`);
    try {
      await call();
      setStatus(done);
      await load();
      // The row and its buttons are gone: the focus goes to the page's heading, not to <body>.
      heading.current?.focus();
      return true;
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : failed);
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  const restore = async (item: TrashedItem) => {
    const ok = await act(
      item,
      () => trashApi.restore(item),
      `${item.typeLabel} '${item.title}' is teruggezet.`,
      'Terugzetten is mislukt.',
    );
    if (ok) setRestored(item);
  };

  const purge = (item: TrashedItem) => {
    if (
      !window.confirm(
        `${item.typeLabel} '${item.title}' definitief verwijderen? Dit kan niet ongedaan worden gemaakt.`,
      )
    )
      return;
    void act(
      item,
      () => trashApi.purge(item),
      `${item.typeLabel} '${item.title}' is definitief verwijderd.`,
      'Definitief verwijderen is mislukt.',
    );
  };

  return (
    <section aria-labelledby="trash-heading">
      <h1 id="trash-heading" tabIndex={-1} ref={heading}>
        Prullenbak
      </h1>
      {list && (
        <p>
          Verwijderde items blijven hier {list.keepDays} dagen staan. Ze staan niet op de site; met
          Terugzetten komen ze terug zoals ze waren, met hun versies en koppelingen.
        </p>
      )}
      <FormAlert message={error} />
      <p role="status" className="admin-status">
        {status}
        {restored && (
          <>
            {' '}
            <Link to={`/inhoud/${restored.type}/${restored.id}`}>Open '{restored.title}'</Link>
          </>
        )}
      </p>
      {list && list.items.length === 0 && <p>De prullenbak is leeg.</p>}
      {list && list.items.length > 0 && (
        <TableScroll label="Items in de prullenbak">
          <table className="admin-table">
            <caption className="visually-hidden">Items in de prullenbak</caption>
            <thead>
              <tr>
                <th scope="col">Titel</th>
                <th scope="col">Soort</th>
                <th scope="col">Verwijderd</th>
                <th scope="col">Definitief weg op</th>
                <th scope="col">Acties</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => {
                const key = `${item.type}/${item.id}`;
                return (
                  <tr key={key}>
                    <th scope="row">{item.title}</th>
                    <td>{item.typeLabel}</td>
                    <td>
                      {formatInstant(item.trashedAt)}
                      {item.trashedBy ? ` door ${item.trashedBy}` : ''}
                    </td>
                    <td>{formatInstant(item.purgeAt)}</td>
                    <td className="admin-actions">
                      <button
                        type="button"
                        onClick={() => void restore(item)}
                        aria-disabled={busy === key || undefined}
                        aria-label={`'${item.title}' terugzetten`}
                      >
                        Terugzetten
                      </button>
                      <button
                        type="button"
                        className="admin-danger"
                        onClick={() => purge(item)}
                        aria-disabled={busy === key || undefined}
                        aria-label={`'${item.title}' definitief verwijderen`}
                      >
                        Definitief verwijderen
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
