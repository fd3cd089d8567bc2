import { useEffect, useState, type FormEvent } from 'react';
import { adminApi, AdminApiError, formatInstant, type AuditPage as Page } from '../../api/admin-client';
import { FilterSelect } from '../../components/filter-select';
import { FormAlert } from '../../components/form-alert';
import { Pager, pageCount } from '../../components/pager';
import { TableScroll } from '../../components/table-scroll';
import { useContentTypes } from '../content/use-content-types';
import { actionLabel, fieldLabel, itemLabel, typeChoices, valueLabel } from './audit-labels';
import { auditText } from './audit-text';

const show = (field: string, value: unknown) => valueLabel(field, value) ?? auditText(value);

interface Filter {
  name: string;
  type: string;
  id: string;
  page: number;
}

/**
 * The audit log (beheerder and eindredacteur): newest first, filtered by a part of the name of who
 * made the change and by item; actions, items and fields in words (audit-labels.ts).
 */
export function AuditPage() {
  const [filter, setFilter] = useState<Filter>({ name: '', type: '', id: '', page: 1 });
  const [draft, setDraft] = useState({ name: '', type: '', id: '' });
  const [page, setPage] = useState<Page>();
  const [error, setError] = useState<string>();
  // The content types name their items and fields as their forms do; without them, raw names.
  const { types } = useContentTypes();

  useEffect(() => {
    let current = true;
    adminApi
      .audit(filter)
      .then((answer) => current && setPage(answer))
      .catch((failure: unknown) => {
        if (current)
          setError(
            failure instanceof AdminApiError ? failure.message : 'Het logboek kon niet worden geladen.',
          );
      });
    return () => {
      current = false;
    };
  }, [filter]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFilter({ ...draft, page: 1 });
  };

  const pages = page ? pageCount(page.total, page.pageSize) : 1;

  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" tabIndex={-1}>
        Logboek
      </h1>
      <form className="admin-filters" onSubmit={apply} aria-label="Logboek filteren">
        <div className="admin-field">
          <label htmlFor="audit-name">Naam</label>
          <input
            id="audit-name"
            type="search"
            maxLength={100}
            autoComplete="off"
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        </div>
        <FilterSelect
          id="audit-type"
          label="Soort"
          value={draft.type}
          labels={typeChoices(types)}
          onChange={(type) => setDraft({ ...draft, type })}
        />
        <div className="admin-field">
          <label htmlFor="audit-id">Nummer van het item</label>
          <input
            id="audit-id"
            value={draft.id}
            onChange={(event) => setDraft({ ...draft, id: event.target.value })}
          />
        </div>
        <button type="submit">Filteren</button>
      </form>
      <FormAlert message={error} />
      {page && (
        <>
          <p role="status">
            {page.total === 1 ? '1 wijziging' : `${page.total} wijzigingen`}, pagina {filter.page} van {pages}
          </p>
          <TableScroll label="Wijzigingen">
            <table className="admin-table">
              <caption className="visually-hidden">Wijzigingen, nieuwste eerst</caption>
              <thead>
                <tr>
                  <th scope="col">Wanneer</th>
                  <th scope="col">Wie</th>
                  <th scope="col">Item</th>
                  <th scope="col">Actie</th>
                  <th scope="col">Wijzigingen</th>
                </tr>
              </thead>
              <tbody>
                {page.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatInstant(entry.at)}</td>
                    <td>
                      {entry.userName}
                      {entry.userId !== null && <span className="admin-muted"> (#{entry.userId})</span>}
                    </td>
                    <td>{itemLabel(entry.itemType, entry.itemId, types)}</td>
                    <td>{actionLabel(entry.action)}</td>
                    <td>
                      <ul className="admin-changes">
                        {Object.entries(entry.changes).map(([field, change]) => (
                          <li key={field}>
                            <strong>{fieldLabel(entry.itemType, field, types)}</strong>:{' '}
                            {show(field, change.before)} → {show(field, change.after)}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            page={filter.page}
            pages={pages}
            label="Pagina's van het logboek"
            onPage={(next) => setFilter({ ...filter, page: next })}
          />
        </>
      )}
    </section>
  );
}
