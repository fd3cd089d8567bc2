// The admin's webhook calls (server/src/webhooks/webhooks_api.hpp).
import { adminFetch } from '../../api/admin-client';

export interface Webhook {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  disabledReason: string;
  consecutiveFailures: number;
  createdAt: string;
}

export interface WebhookAttempt {
  attempt: number;
  at: string;
  status: number;
  error: string;
  durationMs: number;
}

export interface WebhookDelivery {
  id: number;
  eventId: string;
  event: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number;
  lastError: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  attemptLog: WebhookAttempt[];
}

/** What each event means, in words. */
export const EVENT_LABELS: Record<string, string> = {
  'song.changed': 'Ander nummer op de radio (song.changed)',
  'programme.changed': 'Ander programma (programme.changed)',
  'source.connected': 'Live bron verbonden (source.connected)',
  'source.disconnected': 'Live bron verbroken (source.disconnected)',
  'content.published': 'Inhoud gepubliceerd (content.published)',
  'channel.dead_air': 'Stilte op een zender (channel.dead_air)',
  'backup.failed': 'Back-up mislukt (backup.failed)',
};

export const STATE_LABELS: Record<WebhookDelivery['state'], string> = {
  pending: 'Wacht op (nieuwe) poging',
  delivered: 'Afgeleverd',
  failed: 'Mislukt',
};

export const webhooksApi = {
  list: () => adminFetch<{ webhooks: Webhook[]; events: string[] }>('GET', '/api/admin/webhooks'),
  create: (url: string, events: string[]) =>
    adminFetch<{ webhook: Webhook; secret: string }>('POST', '/api/admin/webhooks', { url, events }),
  remove: (id: number) => adminFetch<undefined>('DELETE', `/api/admin/webhooks/${id}`),
  enable: (id: number) => adminFetch<{ webhook: Webhook }>('POST', `/api/admin/webhooks/${id}/enable`),
  deliveries: (id: number) =>
    adminFetch<{ webhook: Webhook; deliveries: WebhookDelivery[] }>(
      'GET',
      `/api/admin/webhooks/${id}/deliveries`,
    ),
  resend: (deliveryId: number) =>
    adminFetch<{ delivery: WebhookDelivery }>('POST', `/api/admin/webhooks/deliveries/${deliveryId}/resend`),
};
