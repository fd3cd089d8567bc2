import { lazy, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import {
  adminApi,
  AdminApiError,
  setCsrfToken,
  setSessionRenewal,
  type AdminSession,
} from '../api/admin-client';
import { forgetOptions } from '../api/content-client';
import { SignInAgainDialog } from '../components/sign-in-again-dialog';
import { LoginForm } from '../features/login/login-form';
import { ChangePasswordForm } from '../features/password/change-password-form';
import { SecondFactorPage } from '../features/second-factor/second-factor-page';
import { StartPage } from '../features/start';
import { AdminShell, PageLoadError } from './admin-shell';

// Each page behind the start page is a chunk of its own, loaded when it is first opened: in one
// chunk with the login form, the block editor (TipTap, ProseMirror), the version diff and every
// other page were 1.1 MB of script that every visit of /beheer loaded and compiled, the login page
// too. The shell shows 'Laden…' for a page on its way (admin-shell.tsx).
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
const ApiKeysPage = lazyPage(() => import('../features/api-keys/api-keys-page').then((m) => m.ApiKeysPage));
const WebhooksPage = lazyPage(() => import('../features/webhooks/webhooks-page').then((m) => m.WebhooksPage));
const AuditPage = lazyPage(() => import('../features/audit/audit-page').then((m) => m.AuditPage));
const ContentEditPage = lazyPage(() =>
  import('../features/content/content-edit-page').then((m) => m.ContentEditPage),
);
const ContentListPage = lazyPage(() =>
  import('../features/content/content-list-page').then((m) => m.ContentListPage),
);
const ContentTypesPage = lazyPage(() =>
  import('../features/content/content-types-page').then((m) => m.ContentTypesPage),
);
const ListenerStatsPage = lazyPage(() =>
  import('../features/listener-stats/listener-stats-page').then((m) => m.ListenerStatsPage),
);
const MediaPage = lazyPage(() => import('../features/media/media-page').then((m) => m.MediaPage));
const PlayCorrectionsPage = lazyPage(() =>
  import('../features/play-corrections/play-corrections-page').then((m) => m.PlayCorrectionsPage),
);
const ScheduleChannelsPage = lazyPage(() =>
  import('../features/schedule/schedule-page').then((m) => m.ScheduleChannelsPage),
);
const SchedulePage = lazyPage(() => import('../features/schedule/schedule-page').then((m) => m.SchedulePage));
const SourceLoginsPage = lazyPage(() =>
  import('../features/source-logins/source-logins-page').then((m) => m.SourceLoginsPage),
);
const BackupsPage = lazyPage(() => import('../features/backups/backups-page').then((m) => m.BackupsPage));
const TrashPage = lazyPage(() => import('../features/trash/trash-page').then((m) => m.TrashPage));
const SearchPage = lazyPage(() => import('../features/search/search-page').then((m) => m.SearchPage));
const UsersPage = lazyPage(() => import('../features/users/users-page').then((m) => m.UsersPage));

function Forbidden() {
  return (
    <section aria-labelledby="forbidden-heading">
      <h1 id="forbidden-heading" tabIndex={-1}>
        Geen toegang
      </h1>
      <p>Je rol heeft geen toegang tot deze pagina.</p>
    </section>
  );
}

/** The admin app: the login, the forced password change, then the shell with its pages. */
export function AdminApp() {
  const [session, setSession] = useState<AdminSession | null>();
  const [loadError, setLoadError] = useState<string>();

  const accept = useCallback((next: AdminSession | null) => {
    setCsrfToken(next?.csrfToken ?? '', next?.user.id);
    // Another user may see other options (their channels).
    forgetOptions();
    setSession(next);
  }, []);

  useEffect(() => {
    adminApi
      .session()
      .then(accept)
      .catch((error: unknown) => {
        if (error instanceof AdminApiError && error.status === 401) accept(null);
        else
          setLoadError(
            error instanceof AdminApiError ? error.message : 'Het beheer kon niet worden geladen.',
          );
      });
  }, [accept]);

  const logout = useCallback(() => {
    adminApi
      .logout()
      .catch(() => undefined)
      .finally(() => accept(null));
  }, [accept]);

  // While someone is signed in, a call refused because the session ended opens the dialog that
  // signs them in again (over the page, which keeps what was typed) and is then sent once more.
  const [renewal, setRenewal] = useState<{ resolve: (signedIn: boolean) => void }>();
  const signedIn = Boolean(session);
  useEffect(() => {
    if (!signedIn) return;
    setSessionRenewal(() => new Promise<boolean>((resolve) => setRenewal({ resolve })));
    return () => setSessionRenewal(undefined);
  }, [signedIn]);
  const endRenewal = (next: AdminSession | undefined) => {
    if (next) accept(next);
    renewal?.resolve(Boolean(next));
    setRenewal(undefined);
  };

  // After a change of the second factor the session says whether a beheerder may go on.
  const refresh = useCallback(() => {
    adminApi
      .session()
      .then(accept)
      .catch(() => accept(null));
  }, [accept]);

  const setupRequired = session?.secondFactor?.setupRequired ?? false;
  const router = useMemo(() => {
    if (!session || session.user.mustChangePassword || setupRequired) return null;
    const can = (permission: string) => session.permissions.includes(permission);
    return createBrowserRouter(
      [
        {
          path: '/',
          element: <AdminShell session={session} onLogout={logout} />,
          errorElement: (
            <main className="admin-centered">
              <PageLoadError />
            </main>
          ),
          children: [
            {
              // In the shell, so that its navigation stays.
              errorElement: <PageLoadError />,
              children: [
                { index: true, element: <StartPage session={session} /> },
                {
                  path: 'wachtwoord',
                  element: <ChangePasswordForm forced={false} account={session.user} onChanged={accept} />,
                },
                { path: 'tweestapsverificatie', element: <SecondFactorPage onChanged={refresh} /> },
                {
                  path: 'gebruikers',
                  element: can('manage_users') ? (
                    <UsersPage currentUserId={session.user.id} />
                  ) : (
                    <Forbidden />
                  ),
                },
                { path: 'sleutels', element: can('manage_api_keys') ? <ApiKeysPage /> : <Forbidden /> },
                { path: 'logboek', element: can('read_audit') ? <AuditPage /> : <Forbidden /> },
                { path: 'zoeken', element: <SearchPage /> },
                { path: 'inhoud', element: <ContentTypesPage canEditSettings={can('edit_settings')} /> },
                { path: 'inhoud/:type', element: <ContentListPage permissions={session.permissions} /> },
                {
                  path: 'inhoud/:type/nieuw',
                  element: <ContentEditPage permissions={session.permissions} />,
                },
                { path: 'inhoud/:type/:id', element: <ContentEditPage permissions={session.permissions} /> },
                { path: 'webhooks', element: can('edit_settings') ? <WebhooksPage /> : <Forbidden /> },
                { path: 'media', element: can('edit_drafts') ? <MediaPage /> : <Forbidden /> },
                {
                  path: 'luistercijfers',
                  element: can('read_listeners') ? (
                    <ListenerStatsPage canReadRoyalties={can('read_royalties')} />
                  ) : (
                    <Forbidden />
                  ),
                },
                { path: 'programmering', element: <ScheduleChannelsPage /> },
                { path: 'programmering/:channel', element: <SchedulePage /> },
                { path: 'bronlogins', element: can('edit_settings') ? <SourceLoginsPage /> : <Forbidden /> },
                { path: 'back-ups', element: can('edit_settings') ? <BackupsPage /> : <Forbidden /> },
                {
                  path: 'gedraaid',
                  element: can('edit_published') ? <PlayCorrectionsPage /> : <Forbidden />,
                },
                { path: 'prullenbak', element: can('delete_content') ? <TrashPage /> : <Forbidden /> },
                { path: '*', element: <Navigate to="/" replace /> },
              ],
            },
          ],
        },
      ],
      { basename: '/beheer' },
    );
    // The router is made once per login (or role change), not on every session refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session?.user.id, session?.user.role, session?.user.mustChangePassword, setupRequired, logout, accept]);

  if (loadError) {
    return (
      <main className="admin-centered">
        <h1>Beheer</h1>
        <p role="alert">{loadError}</p>
      </main>
    );
  }
  if (session === undefined) {
    return (
      <main className="admin-centered" aria-busy="true">
        <p>Laden…</p>
      </main>
    );
  }
  if (session === null) {
    return (
      <main className="admin-centered">
        <p className="admin-brand">Ether Beheer</p>
        <LoginForm onLoggedIn={accept} />
      </main>
    );
  }
  if (setupRequired && !session.user.mustChangePassword) {
    return (
      <main className="admin-centered">
        <p className="admin-brand">Ether Beheer</p>
        <SecondFactorPage forced onChanged={refresh} />
        <button type="button" className="admin-link-button" onClick={logout}>
          Uitloggen
        </button>
      </main>
    );
  }
  if (session.user.mustChangePassword || !router) {
    return (
      <main className="admin-centered">
        <p className="admin-brand">Ether Beheer</p>
        <ChangePasswordForm forced account={session.user} onChanged={accept} />
        <button type="button" className="admin-link-button" onClick={logout}>
          Uitloggen
        </button>
      </main>
    );
  }
  return (
    <>
      <RouterProvider router={router} />
      {renewal && (
        <SignInAgainDialog
          email={session.user.email}
          onSignedIn={(next) => endRenewal(next)}
          onCancel={() => endRenewal(undefined)}
        />
      )}
    </>
  );
}
