import { useEffect, useState } from 'react';
import { adminApi, AdminApiError, formatInstant, type ApiKey } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { TableScroll } from '../../components/table-scroll';
import { OneTimeSecret } from '../../components/one-time-secret';
import { CreateApiKeyForm } from './create-api-key-form';

/** API keys for machines (beheerder only): create (shown once), revoke, last use. */
export function ApiKeysPage() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [scopes, setScopes] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<{ name: string; key: string }>();

  useEffect(() => {
    adminApi
      .apiKeys()
      .then((answer) => {
        setKeys(answer.apiKeys);
        setScopes(answer.scopes);
      })
      .catch((failure: unknown) =>
        setError(
          failure instanceof AdminApiError ? failure.message : 'De sleutels konden niet worden geladen.',
        ),
      );
  }, []);

  const revoke = async (key: ApiKey) => {
    setError(undefined);
    try {
      const { apiKey } = await adminApi.revokeApiKey(key.id);
      setKeys((list) => list.map((item) => (item.id === apiKey.id ? apiKey : item)));
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'De sleutel is niet ingetrokken.');
    }
  };

  return (
    <section aria-labelledby="keys-heading">
      <h1 id="keys-heading" tabIndex={-1}>
        API-sleutels
      </h1>
      <p>Sleutels voor machines, zoals playout-systemen. Een sleutel wordt één keer getoond.</p>
      <FormAlert message={error} />
      {secret && (
        <OneTimeSecret
          title={`Sleutel '${secret.name}'`}
          text="Kopieer de sleutel nu; hij wordt niet opnieuw getoond. Gebruik hem als 'Authorization: Bearer …'."
          secret={secret.key}
          onDone={() => setSecret(undefined)}
        />
      )}
      <TableScroll label="API-sleutels">
        <table className="admin-table">
          <caption className="visually-hidden">Alle API-sleutels</caption>
          <thead>
            <tr>
              <th scope="col">Naam</th>
              <th scope="col">Begin</th>
              <th scope="col">Bevoegdheden</th>
              <th scope="col">Gemaakt</th>
              <th scope="col">Laatst gebruikt</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <th scope="row">{key.name}</th>
                <td>
                  <code>ether_{key.prefix}_…</code>
                </td>
                <td>{key.scopes.join(', ')}</td>
                <td>{formatInstant(key.createdAt)}</td>
                <td>{key.lastUsedAt ? formatInstant(key.lastUsedAt) : 'Nooit'}</td>
                <td>
                  {key.revokedAt ? (
                    `Ingetrokken ${formatInstant(key.revokedAt)}`
                  ) : (
                    <button type="button" onClick={() => void revoke(key)}>
                      Intrekken<span className="visually-hidden"> {key.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {keys.length === 0 && <p>Er zijn nog geen sleutels.</p>}
      <CreateApiKeyForm
        scopes={scopes}
        onCreated={(key, value) => {
          setKeys((list) => [key, ...list]);
          setSecret({ name: key.name, key: value });
        }}
      />
    </section>
  );
}
