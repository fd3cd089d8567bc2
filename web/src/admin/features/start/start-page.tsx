import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AdminApiError, ROLE_LABELS, type AdminSession } from '../../api/admin-client';
import { startApi, type StartItem, type StartOverview } from './start-api';
import { START_BLOCKS } from './start-blocks';
import { itemDetails, itemRoute, itemTitle } from './start-text';
import { LoadError } from '../../components/load-error';
import './start-page.css';

type Load =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: StartOverview };

// An item's link and, under it, its type, state and last edit.
function ItemLink({ item, withPublication }: { item: StartItem; withPublication?: boolean }) {
  return (
    <>
      <Link to={itemRoute(item)}>{itemTitle(item)}</Link>
      <span className="admin-muted">{itemDetails(item, withPublication)}</span>
    </>
  );
}

// While the lists load, each block keeps its heading and about the room of a short list.
function Pending() {
  return <p className="admin-muted admin-start-pending">Laden…</p>;
}

/**
 * The start page of /beheer: the user's own drafts, what is scheduled, what anyone edited last
 * and what visitors see now (the maintenance banner and the event modal), each as links that open
 * the item.
 */
export function StartPage({ session }: { session: AdminSession }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    startApi
      .load()
      .then((data) => current && setLoad({ status: 'ready', data }))
      .catch((failure: unknown) => {
        if (!current) return;
        setLoad({
          status: 'failed',
          message:
            failure instanceof AdminApiError ? failure.message : 'Het overzicht kon niet worden geladen.',
        });
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const data = load.status === 'ready' ? load.data : undefined;
  return (
    <section aria-labelledby="start-heading" aria-busy={load.status === 'loading'}>
      <h1 id="start-heading" tabIndex={-1}>
        Welkom, {session.user.name}
      </h1>
      <p>
        Je bent ingelogd als {ROLE_LABELS[session.user.role].toLowerCase()}. Programma's, nieuws, meldingen en
        de rest van de site bewerk je onder <Link to="/inhoud">Inhoud</Link>.
      </p>
      {load.status === 'failed' && (
        <LoadError message={load.message} onRetry={retry} className="admin-start-error" />
      )}
      <div className="admin-start-blocks">
        {START_BLOCKS.map((block) => {
          const items = data?.[block.key];
          return (
            <section key={block.key} className="admin-start-block" aria-labelledby={`start-${block.key}`}>
              <h2 id={`start-${block.key}`}>{block.heading}</h2>
              {load.status === 'loading' && <Pending />}
              {items && items.length === 0 && <p>{block.empty}</p>}
              {items && items.length > 0 && (
                <ul className="admin-start-list">
                  {items.map((item) => (
                    <li key={`${item.type}/${item.id}`} className="admin-start-item">
                      <ItemLink item={item} withPublication={block.showPublication} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
        <section className="admin-start-block" aria-labelledby="start-on-site">
          <h2 id="start-on-site">Nu op de site</h2>
          {load.status === 'loading' && <Pending />}
          {data && (
            <dl className="admin-start-on-site">
              <dt>Onderhoudsmelding</dt>
              <dd className="admin-start-item">
                {data.onSite.banner ? (
                  <ItemLink item={data.onSite.banner} />
                ) : (
                  'Bezoekers zien nu geen onderhoudsmelding.'
                )}
              </dd>
              <dt>Evenementblok</dt>
              <dd className="admin-start-item">
                {data.onSite.modal ? (
                  <ItemLink item={data.onSite.modal} />
                ) : (
                  'Bezoekers zien nu geen evenementblok.'
                )}
              </dd>
            </dl>
          )}
        </section>
      </div>
    </section>
  );
}
