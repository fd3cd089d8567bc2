import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi, AdminApiError, ROLE_LABELS, type AdminUser, type Role } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { TableScroll } from '../../components/table-scroll';
import { OneTimeSecret } from '../../components/one-time-secret';
import { CreateUserForm, type ChannelChoice } from './create-user-form';

interface Secret {
  userId: number;
  email: string;
  password: string;
}

interface SiteChannels {
  channels?: { slug: string; name: string }[];
}

/**
 * The accounts of the station (beheerder only): list, create, change role, (de)activate. A role
 * picked in a row is saved only with that row's 'Rol opslaan' (issue 54), which says what it did;
 * a select that saved at the pick saved every role an arrow key passed. Each one-time password
 * given out while the page is open keeps its own panel, newest first, with 'Kopieer'.
 */
export function UsersPage({ currentUserId }: { currentUserId: number }) {
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [channels, setChannels] = useState<ChannelChoice[]>([]);
  const [error, setError] = useState<string>();
  // The one-time passwords given out while this page is open, newest first, one per user (a
  // newer one for the same user replaces the old one, which no longer works).
  const [secrets, setSecrets] = useState<Secret[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string>();
  // The roles picked per user and not saved yet.
  const [picked, setPicked] = useState<Partial<Record<number, Role>>>({});

  const load = useCallback(async () => {
    try {
      setUsers((await adminApi.users()).users);
    } catch (failure) {
      setError(
        failure instanceof AdminApiError ? failure.message : 'De gebruikers konden niet worden geladen.',
      );
    }
  }, []);

  useEffect(() => {
    void load();
    fetch('/api/site', { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<SiteChannels>) : {}))
      .then((site: SiteChannels) =>
        setChannels((site.channels ?? []).map(({ slug, name }) => ({ slug, name }))),
      )
      .catch(() => setChannels([]));
  }, [load]);

  const change = async (user: AdminUser, update: Partial<Pick<AdminUser, 'role' | 'active'>>) => {
    setError(undefined);
    try {
      const { user: changed } = await adminApi.updateUser(user.id, update);
      setUsers((list) => list.map((item) => (item.id === changed.id ? changed : item)));
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'De wijziging is niet opgeslagen.');
    }
  };

  // Switching an account off logs its holder out at once (the server ends its sessions): asked
  // once more first, as a delete is (issue 54). Switching it on is not.
  const switchActive = async (user: AdminUser) => {
    if (
      user.active &&
      !window.confirm(
        `${user.name} uitschakelen? ${user.name} wordt meteen uitgelogd en kan pas weer inloggen als het account is ingeschakeld.`,
      )
    )
      return;
    await change(user, { active: !user.active });
  };

  const showSecret = (user: AdminUser, password: string) =>
    setSecrets((current) => [
      { userId: user.id, email: user.email, password },
      ...current.filter((secret) => secret.userId !== user.id),
    ]);

  const hideSecret = (userId: number) => {
    setSecrets((current) => current.filter((secret) => secret.userId !== userId));
    // The panel and its button are gone: the focus goes to the page's heading, not to <body>.
    heading.current?.focus();
  };

  const pick = (user: AdminUser, role: Role) =>
    setPicked((current) => ({ ...current, [user.id]: role === user.role ? undefined : role }));

  const saveRole = async (user: AdminUser, role: Role) => {
    setError(undefined);
    setNotice(undefined);
    try {
      const { user: changed } = await adminApi.updateUser(user.id, { role });
      setUsers((list) => list.map((item) => (item.id === changed.id ? changed : item)));
      setPicked((current) => ({ ...current, [user.id]: undefined }));
      setNotice(`De rol van ${user.name} is gewijzigd naar ${ROLE_LABELS[changed.role]}.`);
      // The button goes with the change: the focus goes back to the role it saved.
      document.getElementById(`role-${user.id}`)?.focus();
    } catch (failure) {
      setError(
        failure instanceof AdminApiError
          ? `De rol van ${user.name} is niet gewijzigd: ${failure.message}`
          : `De rol van ${user.name} is niet gewijzigd. Probeer het opnieuw.`,
      );
    }
  };

  const resetPassword = async (user: AdminUser) => {
    setError(undefined);
    try {
      const result = await adminApi.resetPassword(user.id);
      showSecret(user, result.oneTimePassword);
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Er ging iets mis.');
    }
  };

  const resetSecondFactor = async (user: AdminUser) => {
    setError(undefined);
    setNotice(undefined);
    try {
      await adminApi.resetSecondFactor(user.id);
      setUsers((list) => list.map((item) => (item.id === user.id ? { ...item, secondFactor: false } : item)));
      setNotice(
        `De tweestapsverificatie van ${user.name} is uitgezet; bij de volgende keer inloggen stelt die haar opnieuw in.`,
      );
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Er ging iets mis.');
    }
  };

  return (
    <section aria-labelledby="users-heading">
      <h1 id="users-heading" tabIndex={-1} ref={heading}>
        Gebruikers
      </h1>
      <FormAlert message={error} />
      <p role="status">{notice}</p>
      {secrets.map((secret) => (
        <OneTimeSecret
          key={`${secret.userId} ${secret.password}`}
          title={`Eenmalig wachtwoord voor ${secret.email}`}
          text="Geef dit wachtwoord door; het wordt niet opnieuw getoond. Bij de eerste keer inloggen kiest de gebruiker een eigen wachtwoord."
          secret={secret.password}
          onDone={() => hideSecret(secret.userId)}
        />
      ))}
      <TableScroll label="Gebruikers">
        <table className="admin-table">
          <caption className="visually-hidden">Alle gebruikers</caption>
          <thead>
            <tr>
              <th scope="col">Naam</th>
              <th scope="col">E-mailadres</th>
              <th scope="col">Rol</th>
              <th scope="col">Kanalen</th>
              <th scope="col">Status</th>
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const self = user.id === currentUserId;
              const role = picked[user.id];
              return (
                <tr key={user.id}>
                  <th scope="row">{user.name}</th>
                  <td>{user.email}</td>
                  <td>
                    <label className="visually-hidden" htmlFor={`role-${user.id}`}>
                      Rol van {user.name}
                    </label>
                    <select
                      id={`role-${user.id}`}
                      value={role ?? user.role}
                      disabled={self}
                      onChange={(event) => pick(user, event.target.value as Role)}
                    >
                      {Object.entries(ROLE_LABELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                    {role && (
                      <button type="button" onClick={() => void saveRole(user, role)}>
                        Rol opslaan<span className="visually-hidden"> voor {user.name}</span>
                      </button>
                    )}
                  </td>
                  <td>{user.channels.length ? user.channels.join(', ') : 'Alle'}</td>
                  <td>{user.active ? 'Actief' : 'Uitgeschakeld'}</td>
                  <td className="admin-actions">
                    {!self && (
                      <>
                        <button type="button" onClick={() => void switchActive(user)}>
                          {user.active ? 'Uitschakelen' : 'Inschakelen'}
                          <span className="visually-hidden"> {user.name}</span>
                        </button>
                        {user.secondFactor && (
                          <button type="button" onClick={() => void resetSecondFactor(user)}>
                            Tweestapsverificatie resetten
                            <span className="visually-hidden"> voor {user.name}</span>
                          </button>
                        )}
                        <button type="button" onClick={() => void resetPassword(user)}>
                          Nieuw wachtwoord<span className="visually-hidden"> voor {user.name}</span>
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <CreateUserForm
        channels={channels}
        onCreated={(user, password) => {
          setUsers((list) => [...list, user].sort((a, b) => a.name.localeCompare(b.name, 'nl')));
          showSecret(user, password);
        }}
      />
    </section>
  );
}
