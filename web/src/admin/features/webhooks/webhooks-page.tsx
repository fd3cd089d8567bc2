import { useEffect, useState } from 'react';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { OneTimeSecret } from '../../components/one-time-secret';
import { TableScroll } from '../../components/table-scroll';
import { CreateWebhookForm } from './create-webhook-form';
import { EVENT_LABELS, STATE_LABELS, webhooksApi, type Webhook, type WebhookDelivery } from './webhooks-api';

const message = (failure: unknown, fallback: string) =>
  failure instanceof AdminApiError ? failure.message : fallback;

/** The status of a hook in words: on, or switched off (and why). */
export function hookStatus(hook: Webhook): string {
  if (hook.active)
    return hook.consecutiveFailures > 0 ? `Aan (${hook.consecutiveFailures} keer mislukt)` : 'Aan';
  return hook.disabledReason ? `Uitgeschakeld: ${hook.disabledReason}` : 'Uitgeschakeld';
}

/** Webhooks (beheerder only): register URLs per event, remove them, read and resend deliveries. */
export function WebhooksPage() {
  const [hooks, setHooks] = useState<Webhook[]>([]);
  const [events, setEvents] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<{ url: string; value: string }>();
  const [open, setOpen] = useState<Webhook>();
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);

  useEffect(() => {
    webhooksApi
      .list()
      .then((answer) => {
        setHooks(answer.webhooks);
        setEvents(answer.events);
      })
      .catch((failure: unknown) => setError(message(failure, 'De webhooks konden niet worden geladen.')));
  }, []);

  const showLog = async (hook: Webhook) => {
    setError(undefined);
    try {
      const answer = await webhooksApi.deliveries(hook.id);
      setOpen(answer.webhook);
      setDeliveries(answer.deliveries);
      setHooks((list) => list.map((item) => (item.id === hook.id ? answer.webhook : item)));
    } catch (failure) {
      setError(message(failure, 'Het afleverlogboek kon niet worden geladen.'));
    }
  };

  const remove = async (hook: Webhook) => {
    setError(undefined);
    try {
      await webhooksApi.remove(hook.id);
      setHooks((list) => list.filter((item) => item.id !== hook.id));
      if (open?.id === hook.id) setOpen(undefined);
    } catch (failure) {
      setError(message(failure, 'De webhook is niet verwijderd.'));
    }
  };

  const enable = async (hook: Webhook) => {
    setError(undefined);
    try {
      const answer = await webhooksApi.enable(hook.id);
      setHooks((list) => list.map((item) => (item.id === hook.id ? answer.webhook : item)));
    } catch (failure) {
      setError(message(failure, 'De webhook is niet aangezet.'));
    }
  };

  const resend = async (delivery: WebhookDelivery) => {
    setError(undefined);
    try {
      const answer = await webhooksApi.resend(delivery.id);
      setDeliveries((list) => list.map((item) => (item.id === delivery.id ? answer.delivery : item)));
    } catch (failure) {
      setError(message(failure, 'De levering is niet opnieuw verstuurd.'));
    }
  };

  return (
    <section aria-labelledby="webhooks-heading">
      <h1 id="webhooks-heading" tabIndex={-1}>
        Webhooks
      </h1>
      <p>
        Andere systemen krijgen bericht van wat er gebeurt. Elke levering is ondertekend met het geheim van de
        webhook (X-Ether-Signature); dat geheim wordt één keer getoond.
      </p>
      <FormAlert message={error} />
      {secret && (
        <OneTimeSecret
          title={`Geheim van ${secret.url}`}
          text="Kopieer het geheim nu; het wordt niet opnieuw getoond. De ontvanger controleert er de handtekening mee."
          secret={secret.value}
          onDone={() => setSecret(undefined)}
        />
      )}
      <TableScroll label="Webhooks">
        <table className="admin-table">
          <caption className="visually-hidden">Alle webhooks</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Gebeurtenissen</th>
              <th scope="col">Status</th>
              <th scope="col">Gemaakt</th>
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {hooks.map((hook) => (
              <tr key={hook.id} className={hook.active ? undefined : 'is-disabled'}>
                <th scope="row">
                  <code>{hook.url}</code>
                </th>
                <td>{hook.events.join(', ')}</td>
                <td>{hookStatus(hook)}</td>
                <td>{formatInstant(hook.createdAt)}</td>
                <td>
                  <button type="button" onClick={() => void showLog(hook)}>
                    Afleverlogboek<span className="visually-hidden"> van {hook.url}</span>
                  </button>{' '}
                  {!hook.active && (
                    <button type="button" onClick={() => void enable(hook)}>
                      Weer aanzetten<span className="visually-hidden"> {hook.url}</span>
                    </button>
                  )}{' '}
                  <button type="button" onClick={() => void remove(hook)}>
                    Verwijderen<span className="visually-hidden"> {hook.url}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {hooks.length === 0 && <p>Er zijn nog geen webhooks.</p>}
      {open && (
        <section aria-labelledby="deliveries-heading">
          <h2 id="deliveries-heading">Afleverlogboek van {open.url}</h2>
          {deliveries.length === 0 ? (
            <p>Nog geen leveringen.</p>
          ) : (
            <TableScroll label="Afleverlogboek">
              <table className="admin-table">
                <caption className="visually-hidden">De laatste 50 leveringen</caption>
                <thead>
                  <tr>
                    <th scope="col">Gebeurtenis</th>
                    <th scope="col">Status</th>
                    <th scope="col">Pogingen</th>
                    <th scope="col">Laatste poging</th>
                    <th scope="col">Acties</th>
                  </tr>
                </thead>
                <tbody>
                  {deliveries.map((delivery) => (
                    <tr key={delivery.id}>
                      <th scope="row">
                        {EVENT_LABELS[delivery.event] ?? delivery.event}
                        <br />
                        <code>{delivery.eventId}</code>
                      </th>
                      <td>
                        {STATE_LABELS[delivery.state]}
                        {delivery.nextAttemptAt &&
                          ` (volgende poging ${formatInstant(delivery.nextAttemptAt)})`}
                      </td>
                      <td>
                        <ol className="admin-attempts">
                          {delivery.attemptLog.map((attempt) => (
                            <li key={attempt.attempt}>
                              {formatInstant(attempt.at)}:{' '}
                              {attempt.status > 0 ? `HTTP ${attempt.status}` : 'geen antwoord'}
                              {attempt.error && attempt.status === 0 ? ` (${attempt.error})` : ''},{' '}
                              {attempt.durationMs} ms
                            </li>
                          ))}
                        </ol>
                      </td>
                      <td>{delivery.lastAttemptAt ? formatInstant(delivery.lastAttemptAt) : 'Nog niet'}</td>
                      <td>
                        <button type="button" onClick={() => void resend(delivery)}>
                          Opnieuw versturen<span className="visually-hidden"> {delivery.eventId}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </section>
      )}
      <CreateWebhookForm
        events={events}
        onCreated={(hook, value) => {
          setHooks((list) => [hook, ...list]);
          setSecret({ url: hook.url, value });
        }}
      />
    </section>
  );
}
