import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import {
  contentApi,
  FILTER_LABELS,
  DRAFT_MARKER,
  STATE_LABELS,
  type BulkAction,
  type BulkAnswer,
  type ContentList,
} from '../../api/content-client';
import { FilterSelect } from '../../components/filter-select';
import { FormAlert } from '../../components/form-alert';
import { Pager, pageCount } from '../../components/pager';
import { TableScroll } from '../../components/table-scroll';
import { BulkBar } from './bulk-bar';
import { bulkActions, bulkResult } from './bulk-text';
import { mayCreate } from './content-permissions';
import {
  ariaSort,
  readListQuery,
  sortedBy,
  writeListQuery,
  type ListQuery,
  type ListReturnState,
  type SortField,
} from './list-query';
import { isLiveNow, LIVE_NOW_LABEL, OVERLAY_RULE, visitorSentence } from './overlay-summary';
import { reviewLabel, reviewSummary } from './review-text';
import { TrashedNotice } from './trashed-notice';
import { useContentTypes } from './use-content-types';
import './content-list.css';

/** A column header that sorts the list by `field` on the server (issue 54), its order in aria-sort. */
function SortHeader({
  query,
  field,
  label,
  onSort,
}: {
  query: ListQuery;
  field: SortField;
  label: string;
  onSort: (field: SortField) => void;
}) {
  const sort = ariaSort(query, field);
  return (
    <th scope="col" aria-sort={sort}>
      <button type="button" className="admin-sort" onClick={() => onSort(field)}>
        {label}
        <span aria-hidden="true" className="admin-sort-mark">
          {sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ''}
        </span>
      </button>
    </th>
  );
}

/**
 * The items of one type: search (which also finds an author's name), filter by state (or 'Wacht op
 * beoordeling') and on 'Mijn …' (what the user created), sort by a column on the server, 25 a page;
 * all of it kept in the address's query, so that Back, a reload and the item form's '← …' link
 * bring the same list back (list-query.ts). Each title is a link to its form, with its author, its
 * last edit and where it stands in review; rows are selected for a bulk action (BulkBar) where the
 * role may take one. 'Nieuw' only for one who may make an item of the type (`permissions`: the
 * session's); after a delete, a notice with its undo (TrashedNotice).
 */
export function ContentListPage({ permissions }: { permissions: readonly string[] }) {
  const { type: typeName = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { types, error: typesError } = useContentTypes();
  const type = types?.find((candidate) => candidate.name === typeName);
  const search = writeListQuery(readListQuery(params)).toString();
  const query = readListQuery(new URLSearchParams(search));
  const [draft, setDraft] = useState({ q: query.q, state: query.state, mine: query.mine });
  const [list, setList] = useState<ContentList>();
  const [error, setError] = useState<string>();
  const [reloads, setReloads] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<{ summary: string; failures: string[] }>();
  const heading = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const pageBox = useRef<HTMLInputElement>(null);

  // Another list (a new query, Back, another type): its form shows what it asks, nothing is selected.
  const listKey = `${typeName}?${search}`;
  const [shownKey, setShownKey] = useState(listKey);
  if (shownKey !== listKey) {
    setShownKey(listKey);
    setDraft({ q: query.q, state: query.state, mine: query.mine });
    setSelected(new Set());
  }

  useEffect(() => {
    let current = true;
    setError(undefined);
    contentApi
      .list(typeName, readListQuery(new URLSearchParams(search)))
      .then((answer) => current && setList(answer))
      .catch((failure: unknown) => {
        if (current)
          setError(failure instanceof AdminApiError ? failure.message : 'De lijst kon niet worden geladen.');
      });
    return () => {
      current = false;
    };
  }, [typeName, search, reloads]);

  // Each new list is a step in the history: Back brings the one before.
  const show = (next: ListQuery) => {
    setResult(undefined);
    setParams(writeListQuery(next));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    show({ ...query, ...draft, page: 1 });
  };

  const pages = list ? pageCount(list.total, list.pageSize) : 1;
  const headingId = 'content-list-heading';
  const publishable = type && type.publication !== 'none';
  const slugField = type?.slugField;
  // The overlays (banner, modal) are shown one at a time, by their order: the list says which.
  const ordered = type?.fields.some((field) => field.name === 'sortOrder') ?? false;
  const onSite = list?.onSite;
  // Who wrote each item, for the types written here (not the songs, which come from the playout).
  const authored = type ? !type.origin : false;
  const actions = type ? bulkActions(type, permissions) : [];
  const selectable = actions.length > 0;
  const items = list?.items ?? [];
  const chosen = items.filter((item) => selected.has(item.id));
  const allChosen = items.length > 0 && chosen.length === items.length;
  const returnState: ListReturnState = { listSearch: search ? `?${search}` : '' };

  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = chosen.length > 0 && !allChosen;
  });

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const done = (action: BulkAction, answer: BulkAnswer) => {
    if (!type) return;
    setResult(bulkResult(type, action, answer, new Map(items.map((item) => [item.id, item.title]))));
    // What failed stays selected, to try again once the list is read anew.
    setSelected(new Set(answer.results.filter((entry) => !entry.ok).map((entry) => entry.id)));
    setReloads((count) => count + 1);
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  const sort = (field: SortField) => show(sortedBy(query, field));
  const header = (field: SortField, label: string) => (
    <SortHeader query={query} field={field} label={label} onSort={sort} />
  );

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId} tabIndex={-1} ref={heading}>
        {type?.label ?? 'Inhoud'}
      </h1>
      <FormAlert message={typesError ?? error} />
      <TrashedNotice
        onRestored={() => {
          // The item is back in the list; its button is gone: the focus goes to the heading.
          setReloads((count) => count + 1);
          heading.current?.focus();
        }}
      />
      {type &&
        (type.origin ? (
          <p>{type.origin}</p>
        ) : (
          mayCreate(type, permissions) && (
            <p>
              <Link className="admin-button-link" to={`/inhoud/${type.name}/nieuw`} state={returnState}>
                Nieuw: {type.labelSingular.toLowerCase()}
              </Link>
            </p>
          )
        ))}
      {onSite && (
        <div className="admin-overlay-summary">
          <p>{visitorSentence(onSite)}</p>
          <p>{OVERLAY_RULE}</p>
        </div>
      )}
      <form className="admin-filters" onSubmit={apply} aria-label="Lijst filteren">
        <div className="admin-field">
          <label htmlFor="content-search">Zoeken</label>
          <input
            id="content-search"
            type="search"
            value={draft.q}
            aria-describedby={authored ? 'content-search-hint' : undefined}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
          {authored && (
            <p id="content-search-hint" className="admin-hint">
              In de titel en de tekst, en op de naam van de auteur.
            </p>
          )}
        </div>
        {publishable && (
          <FilterSelect
            id="content-state"
            label="Status"
            value={draft.state}
            labels={FILTER_LABELS}
            onChange={(state) => setDraft({ ...draft, state })}
          />
        )}
        {authored && type && (
          <div className="admin-field admin-field-check">
            <input
              id="content-mine"
              type="checkbox"
              checked={draft.mine}
              onChange={(event) => setDraft({ ...draft, mine: event.target.checked })}
            />
            <label htmlFor="content-mine">Mijn {type.label.toLowerCase()}</label>
          </div>
        )}
        <button type="submit">Filteren</button>
      </form>
      {result && (
        <div className="admin-bulk-result" ref={resultRef} tabIndex={-1}>
          <p role="status">{result.summary}</p>
          {result.failures.length > 0 && (
            <>
              <p>Niet gelukt:</p>
              <ul>
                {result.failures.map((failure) => (
                  <li key={failure}>{failure}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {list && type && selectable && (
        <BulkBar type={type} actions={actions} selected={chosen} onDone={done} />
      )}
      {list && (
        <>
          <p role="status">
            {list.total === 1 ? '1 item' : `${list.total} items`}, pagina {query.page} van {pages}
          </p>
          <TableScroll label={type?.label ?? 'Items'}>
            <table className="admin-table admin-table-fit">
              <caption className="visually-hidden">{type?.label}</caption>
              <thead>
                <tr>
                  {selectable && (
                    <th scope="col" className="admin-select-cell">
                      <input
                        ref={pageBox}
                        type="checkbox"
                        aria-label="Alle items op deze pagina selecteren"
                        checked={allChosen}
                        onChange={() =>
                          setSelected(allChosen ? new Set() : new Set(items.map((item) => item.id)))
                        }
                      />
                    </th>
                  )}
                  {/* What an editor scans for first beside the title, so that a phone shows it
                      without scrolling sideways (issue 54); the URL, the longest, last. */}
                  {header('title', 'Titel')}
                  {publishable && header('status', 'Status')}
                  {publishable && header('publication', 'Publicatie')}
                  {header('edited', 'Laatst bewerkt')}
                  {authored && header('author', 'Auteur')}
                  {ordered && <th scope="col">Volgorde</th>}
                  {slugField && <th scope="col">URL</th>}
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id}>
                    {selectable && (
                      <td className="admin-select-cell">
                        <input
                          type="checkbox"
                          aria-label={`Selecteer ‘${item.title || '(zonder titel)'}’`}
                          checked={selected.has(item.id)}
                          onChange={() => toggle(item.id)}
                        />
                      </td>
                    )}
                    <td>
                      <Link to={`/inhoud/${typeName}/${encodeURIComponent(item.id)}`} state={returnState}>
                        {item.title || '(zonder titel)'}
                      </Link>
                      {item.archived && (
                        <span className="admin-state admin-state-archived"> gearchiveerd</span>
                      )}
                      {isLiveNow(onSite, typeName, item.id) && (
                        <>
                          {' '}
                          <strong className="admin-live-now">{LIVE_NOW_LABEL}</strong>
                        </>
                      )}
                    </td>
                    {publishable && (
                      <td>
                        {item.review?.status === 'waiting' ? (
                          <span className="admin-state admin-state-waiting">{reviewLabel(item.review)}</span>
                        ) : (
                          <span className={`admin-state admin-state-${item.state}`}>
                            {STATE_LABELS[item.state]}
                          </span>
                        )}
                        {item.hasDraft && (
                          <>
                            {' '}
                            <span className="admin-state admin-state-drafting">{DRAFT_MARKER}</span>
                          </>
                        )}
                        {item.review && (
                          <span className="admin-review-summary">{reviewSummary(item.review)}</span>
                        )}
                      </td>
                    )}
                    {publishable && <td>{item.published ? formatInstant(item.publishAt) : ''}</td>}
                    <td>
                      {item.lastEdit ? (
                        <>
                          {formatInstant(item.lastEdit.at)}
                          <span className="admin-review-summary">door {item.lastEdit.by}</span>
                        </>
                      ) : (
                        <span className="admin-muted">onbekend</span>
                      )}
                    </td>
                    {authored && <td>{item.author ?? <span className="admin-muted">onbekend</span>}</td>}
                    {ordered && <td>{String(item.values.sortOrder ?? 0)}</td>}
                    {slugField && <td className="admin-table-url">{String(item.values[slugField] ?? '')}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            page={query.page}
            pages={pages}
            label="Pagina's van de lijst"
            onPage={(next) => show({ ...query, page: next })}
          />
        </>
      )}
    </section>
  );
}
