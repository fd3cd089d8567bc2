import { useCallback, useEffect, useMemo, useState } from 'react';
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
import { ApiKeysPage } from '../features/api-keys/api-keys-page';
import { WebhooksPage } from '../features/webhooks/webhooks-page';
import { AuditPage } from '../features/audit/audit-page';
import { ContentEditPage } from '../features/content/content-edit-page';
import { ContentListPage } from '../features/content/content-list-page';
import { ContentTypesPage } from '../features/content/content-types-page';
import { ListenerStatsPage } from '../features/listener-stats/listener-stats-page';
import { LoginForm } from '../features/login/login-form';
import { MediaPage } from '../features/media/media-page';
import { PlayCorrectionsPage } from '../features/play-corrections/play-corrections-page';
import { ScheduleChannelsPage, SchedulePage } from '../features/schedule/schedule-page';
import { SourceLoginsPage } from '../features/source-logins/source-logins-page';
import { BackupsPage } from '../features/backups/backups-page';
import { TrashPage } from '../features/trash/trash-page';
import { ChangePasswordForm } from '../features/password/change-password-form';
import { SearchPage } from '../features/search';
import { SecondFactorPage } from '../features/second-factor/second-factor-page';
import { StartPage } from '../features/start';
import { UsersPage } from '../features/users/users-page';
import { AdminShell } from './admin-shell';

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
          children: [
            { index: true, element: <StartPage session={session} /> },
            {
              path: 'wachtwoord',
              element: <ChangePasswordForm forced={false} account={session.user} onChanged={accept} />,
            },
            { path: 'tweestapsverificatie', element: <SecondFactorPage onChanged={refresh} /> },
            {
              path: 'gebruikers',
              element: can('manage_users') ? <UsersPage currentUserId={session.user.id} /> : <Forbidden />,
            },
            { path: 'sleutels', element: can('manage_api_keys') ? <ApiKeysPage /> : <Forbidden /> },
            { path: 'logboek', element: can('read_audit') ? <AuditPage /> : <Forbidden /> },
            { path: 'zoeken', element: <SearchPage /> },
            { path: 'inhoud', element: <ContentTypesPage canEditSettings={can('edit_settings')} /> },
            { path: 'inhoud/:type', element: <ContentListPage permissions={session.permissions} /> },
            { path: 'inhoud/:type/nieuw', element: <ContentEditPage permissions={session.permissions} /> },
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
            { path: 'gedraaid', element: can('edit_published') ? <PlayCorrectionsPage /> : <Forbidden /> },
            { path: 'prullenbak', element: can('delete_content') ? <TrashPage /> : <Forbidden /> },
            { path: '*', element: <Navigate to="/" replace /> },
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
