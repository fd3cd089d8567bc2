import { useEffect, useState } from 'react';
import { AdminApiError } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { TableScroll } from '../../components/table-scroll';
import { SourceLoginForm } from './source-login-form';
import { sourceLoginsApi, type PresenterSource } from './source-logins-api';

/** The login of a presenter in words. */
export function loginStatus(presenter: PresenterSource): string {
  if (!presenter.login) return 'Geen';
  return presenter.login.onlyInSlots
    ? `${presenter.login.username} (alleen tijdens eigen uitzendingen)`
    : presenter.login.username;
}

/** Presenters' source logins (beheerder only): who may go live from their own encoder, and when. */
export function SourceLoginsPage() {
  const [presenters, setPresenters] = useState<PresenterSource[]>([]);
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<number>();
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    sourceLoginsApi
      .list()
      .then((answer) => setPresenters(answer.presenters))
      .catch((failure: unknown) =>
        setError(
          failure instanceof AdminApiError ? failure.message : 'De presentatoren konden niet worden geladen.',
        ),
      );
  }, []);

  const selected = presenters.find((presenter) => presenter.id === open);
  return (
    <section aria-labelledby="source-logins-heading">
      <h1 id="source-logins-heading" tabIndex={-1}>
        Bronlogins
      </h1>
      <p>
        Een presentator met een eigen bronlogin zendt live uit vanaf de eigen encoder (BUTT, Mixxx, ffmpeg) op
        de kanalen van de eigen programma's, naast de login 'source' met het bronwachtwoord van het kanaal.
      </p>
      <FormAlert message={error} />
      <TableScroll label="Presentatoren">
        <table className="admin-table">
          <caption className="visually-hidden">Presentatoren en hun bronlogin</caption>
          <thead>
            <tr>
              <th scope="col">Presentator</th>
              <th scope="col">Kanalen</th>
              <th scope="col">Bronlogin</th>
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {presenters.map((presenter) => (
              <tr key={presenter.id}>
                <th scope="row">{presenter.name}</th>
                <td>{presenter.channels.join(', ')}</td>
                <td>{loginStatus(presenter)}</td>
                <td>
                  <button
                    type="button"
                    onClick={() => {
                      setNotice(undefined);
                      setOpen(presenter.id);
                    }}
                  >
                    Bewerken<span className="visually-hidden"> {presenter.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {notice && (
        <p role="status" className="admin-status">
          {notice}
        </p>
      )}
      {selected && (
        // A new form after each save: whether a password is required follows the stored login.
        <SourceLoginForm
          key={`${selected.id}-${selected.login?.updatedAt ?? 'none'}`}
          presenter={selected}
          onSaved={(saved, message) => {
            setPresenters((list) => list.map((item) => (item.id === saved.id ? saved : item)));
            setNotice(message);
          }}
        />
      )}
    </section>
  );
}
