import { Suspense, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ROLE_LABELS, type AdminSession } from '../api/admin-client';
import { LoadError } from '../components/load-error';
import { HeaderSearch } from '../features/search';

/** The logged-in frame: who is logged in, the sections their role may open, and logout. */
export function AdminShell({ session, onLogout }: { session: AdminSession; onLogout: () => void }) {
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // After a navigation the new page's heading is where keyboard and screen-reader users continue.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [location.pathname]);

  const can = (permission: string) => session.permissions.includes(permission);
  return (
    <div className="admin-app">
      <a className="admin-skip" href="#admin-main">
        Naar de inhoud
      </a>
      <header className="admin-header">
        <p className="admin-brand">Ether Beheer</p>
        <HeaderSearch />
        <p className="admin-who">
          <span>{session.user.name}</span>{' '}
          <span className="admin-role">{ROLE_LABELS[session.user.role]}</span>
        </p>
        <button type="button" onClick={onLogout}>
          Uitloggen
        </button>
      </header>
      <nav className="admin-nav" aria-label="Beheer">
        <ul>
          <li>
            <NavLink to="/" end>
              Start
            </NavLink>
          </li>
          <li>
            <NavLink to="/inhoud">Inhoud</NavLink>
          </li>
          <li>
            <NavLink to="/programmering">Programmering</NavLink>
          </li>
          {can('manage_users') && (
            <li>
              <NavLink to="/gebruikers">Gebruikers</NavLink>
            </li>
          )}
          {can('manage_api_keys') && (
            <li>
              <NavLink to="/sleutels">API-sleutels</NavLink>
            </li>
          )}
          {can('delete_content') && (
            <li>
              <NavLink to="/prullenbak">Prullenbak</NavLink>
            </li>
          )}
          {can('read_audit') && (
            <li>
              <NavLink to="/logboek">Logboek</NavLink>
            </li>
          )}
          {can('edit_settings') && (
            <li>
              <NavLink to="/webhooks">Webhooks</NavLink>
            </li>
          )}
          {can('edit_drafts') && (
            <li>
              <NavLink to="/media">Beeld en geluid</NavLink>
            </li>
          )}
          {can('edit_published') && (
            <li>
              <NavLink to="/gedraaid">Gedraaid corrigeren</NavLink>
            </li>
          )}
          {can('read_listeners') && (
            <li>
              <NavLink to="/luistercijfers">Luistercijfers</NavLink>
            </li>
          )}
          {can('edit_settings') && (
            <li>
              <NavLink to="/bronlogins">Bronlogins</NavLink>
            </li>
          )}
          {can('edit_settings') && (
            <li>
              <NavLink to="/back-ups">Back-ups</NavLink>
            </li>
          )}
          <li>
            <NavLink to="/wachtwoord">Wachtwoord wijzigen</NavLink>
          </li>
          <li>
            <NavLink to="/tweestapsverificatie">Tweestapsverificatie</NavLink>
          </li>
        </ul>
      </nav>
      <main id="admin-main" ref={main} className="admin-main">
        <Suspense fallback={<p aria-busy="true">Laden…</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/**
 * What the admin shows in place of a page that cannot be shown: most often its script could not be
 * loaded (the connection dropped, or the server was updated and the old build's chunks are gone).
 */
export function PageLoadError() {
  return (
    <section aria-labelledby="page-load-error-heading">
      <h1 id="page-load-error-heading" tabIndex={-1}>
        Deze pagina kon niet worden geladen
      </h1>
      <LoadError
        message="Controleer de verbinding en probeer het opnieuw."
        onRetry={() => window.location.reload()}
      />
    </section>
  );
}
