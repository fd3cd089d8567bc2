import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import { contentApi, FILTER_LABELS, STATE_LABELS, type ContentList } from '../../api/content-client';
import { FilterSelect } from '../../components/filter-select';
import { FormAlert } from '../../components/form-alert';
import { Pager, pageCount } from '../../components/pager';
import { TableScroll } from '../../components/table-scroll';
import { mayCreate } from './content-permissions';
import { isLiveNow, LIVE_NOW_LABEL, OVERLAY_RULE, visitorSentence } from './overlay-summary';
import { reviewLabel, reviewSummary } from './review-text';
import { TrashedNotice } from './trashed-notice';
import { useContentTypes } from './use-content-types';

interface Filter {
  q: string;
  state: string;
  page: number;
}

/**
 * The items of one type: search, filter by state (or 'Wacht op beoordeling'), 25 a page, each title
 * a link to its form, with its author and where it stands in review; 'Nieuw' only for one who may
 * make an item of the type (`permissions`: the session's); after a delete, a notice with its undo
 * (TrashedNotice).
 */
export function ContentListPage({ permissions }: { permissions: readonly string[] }) {
  const { type: typeName = '' } = useParams();
  const { types, error: typesError } = useContentTypes();
  const type = types?.find((candidate) => candidate.name === typeName);
  const [filter, setFilter] = useState<Filter>({ q: '', state: '', page: 1 });
  const [draft, setDraft] = useState({ q: '', state: '' });
  const [list, setList] = useState<ContentList>();
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setFilter({ q: '', state: '', page: 1 });
    setDraft({ q: '', state: '' });
  }, [typeName]);

  useEffect(() => {
    let current = true;
    contentApi
      .list(typeName, filter)
      .then((answer) => current && setList(answer))
      .catch((failure: unknown) => {
        if (current)
          setError(failure instanceof AdminApiError ? failure.message : 'De lijst kon niet worden geladen.');
      });
    return () => {
      current = false;
    };
  }, [typeName, filter]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFilter({ ...draft, page: 1 });
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

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId} tabIndex={-1} ref={heading}>
        {type?.label ?? 'Inhoud'}
      </h1>
      <FormAlert message={typesError ?? error} />
      <TrashedNotice
        onRestored={() => {
          // The item is back in the list; its button is gone: the focus goes to the heading.
          setFilter((current) => ({ ...current }));
          heading.current?.focus();
        }}
      />
      {type &&
        (type.origin ? (
          <p>{type.origin}</p>
        ) : (
          mayCreate(type, permissions) && (
            <p>
              <Link className="admin-button-link" to={`/inhoud/${type.name}/nieuw`}>
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
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
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
        <button type="submit">Filteren</button>
      </form>
      {list && (
        <>
          <p role="status">
            {list.total === 1 ? '1 item' : `${list.total} items`}, pagina {filter.page} van {pages}
          </p>
          <TableScroll label={type?.label ?? 'Items'}>
            <table className="admin-table admin-table-fit">
              <caption className="visually-hidden">{type?.label}</caption>
              <thead>
                <tr>
                  {/* What an editor scans for first beside the title, so that a phone shows it
                      without scrolling sideways (issue 54); the URL, the longest, last. */}
                  <th scope="col">Titel</th>
                  {publishable && <th scope="col">Status</th>}
                  {publishable && <th scope="col">Publicatie</th>}
                  {authored && <th scope="col">Auteur</th>}
                  {ordered && <th scope="col">Volgorde</th>}
                  {slugField && <th scope="col">URL</th>}
                </tr>
              </thead>
              <tbody>
                {list.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <Link to={`/inhoud/${typeName}/${encodeURIComponent(item.id)}`}>
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
                        {item.review && (
                          <span className="admin-review-summary">{reviewSummary(item.review)}</span>
                        )}
                      </td>
                    )}
                    {publishable && <td>{item.published ? formatInstant(item.publishAt) : ''}</td>}
                    {authored && <td>{item.author ?? <span className="admin-muted">onbekend</span>}</td>}
                    {ordered && <td>{String(item.values.sortOrder ?? 0)}</td>}
                    {slugField && <td className="admin-table-url">{String(item.values[slugField] ?? '')}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            page={filter.page}
            pages={pages}
            label="Pagina's van de lijst"
            onPage={(next) => setFilter({ ...filter, page: next })}
          />
        </>
      )}
    </section>
  );
}
