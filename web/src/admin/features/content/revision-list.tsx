import { useEffect, useState } from 'react';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import { contentApi, type ContentItem, type ContentType, type Revision } from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import { TableScroll } from '../../components/table-scroll';

/** The saved versions of an article or page, newest first, each restorable. */
export function RevisionList({
  type,
  item,
  onRestored,
}: {
  type: ContentType;
  item: ContentItem;
  onRestored: (item: ContentItem) => void;
}) {
  const [revisions, setRevisions] = useState<Revision[]>([]);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let current = true;
    contentApi
      .revisions(type.name, item.id)
      .then((answer) => current && setRevisions(answer.revisions))
      .catch(() => current && setError('De versies konden niet worden geladen.'));
    return () => {
      current = false;
    };
  }, [type.name, item.id, item.version]);

  const restore = async (revision: Revision) => {
    setError(undefined);
    try {
      onRestored((await contentApi.restore(type.name, item.id, revision.id, item.version)).item);
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Terugzetten is mislukt.');
    }
  };

  return (
    <section aria-labelledby="revisions-heading">
      <h2 id="revisions-heading">Versies</h2>
      <FormAlert message={error} />
      <TableScroll label="Versies">
        <table className="admin-table">
          <caption className="visually-hidden">Opgeslagen versies, nieuwste eerst</caption>
          <thead>
            <tr>
              <th scope="col">Wanneer</th>
              <th scope="col">Wie</th>
              <th scope="col">Titel</th>
              <th scope="col">
                <span className="visually-hidden">Actie</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision, index) => (
              <tr key={revision.id}>
                <td>{formatInstant(revision.createdAt)}</td>
                <td>{revision.userName}</td>
                <td>{revision.title}</td>
                <td>
                  {index === 0 ? (
                    <span className="admin-muted">Huidige</span>
                  ) : (
                    <button type="button" onClick={() => void restore(revision)}>
                      Terugzetten
                      <span className="visually-hidden">
                        {' '}
                        naar de versie van {formatInstant(revision.createdAt)}
                      </span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
