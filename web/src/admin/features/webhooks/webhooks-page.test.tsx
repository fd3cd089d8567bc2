import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server } from '../../test-support/fake-server';
import { createWebhookSchema } from './create-webhook-form';
import { hookStatus, WebhooksPage } from './webhooks-page';
import type { Webhook, WebhookDelivery } from './webhooks-api';

afterEach(() => vi.unstubAllGlobals());

const events = [
  'song.changed',
  'programme.changed',
  'source.connected',
  'source.disconnected',
  'content.published',
];

const hook = (change: Partial<Webhook>): Webhook => ({
  id: 1,
  url: 'https://ontvanger.example/ether',
  events: ['song.changed'],
  active: true,
  disabledReason: '',
  consecutiveFailures: 0,
  createdAt: '2026-11-22T11:00:00Z',
  ...change,
});

const delivery: WebhookDelivery = {
  id: 7,
  eventId: 'song.changed:radio2:42',
  event: 'song.changed',
  state: 'delivered',
  attempts: 2,
  lastStatus: 200,
  lastError: '',
  lastAttemptAt: '2026-11-22T11:00:11Z',
  nextAttemptAt: null,
  createdAt: '2026-11-22T11:00:00Z',
  attemptLog: [
    { attempt: 1, at: '2026-11-22T11:00:01Z', status: 500, error: 'HTTP 500', durationMs: 12 },
    { attempt: 2, at: '2026-11-22T11:00:11Z', status: 200, error: '', durationMs: 9 },
  ],
};

describe('createWebhookSchema', () => {
  it('wants an http(s) URL and at least one event', () => {
    const result = createWebhookSchema.safeParse({ url: 'ftp://x', events: [] });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Vul een http- of https-URL in.',
      'Kies minstens een gebeurtenis.',
    ]);
    expect(
      createWebhookSchema.safeParse({ url: 'https://a.example/x', events: ['song.changed'] }).success,
    ).toBe(true);
  });
});

describe('hookStatus', () => {
  it('says when a hook was switched off and why', () => {
    expect(hookStatus(hook({}))).toBe('Aan');
    expect(hookStatus(hook({ consecutiveFailures: 2 }))).toBe('Aan (2 keer mislukt)');
    expect(hookStatus(hook({ active: false, disabledReason: '10 mislukte pogingen achter elkaar' }))).toBe(
      'Uitgeschakeld: 10 mislukte pogingen achter elkaar',
    );
  });
});

describe('WebhooksPage', () => {
  it('lists the hooks, shows a switched-off one as such, and its delivery log with a resend button', async () => {
    const off = hook({
      id: 2,
      active: false,
      disabledReason: '10 mislukte pogingen achter elkaar',
      consecutiveFailures: 10,
    });
    const fetch = server({
      'GET /api/admin/webhooks': () => json({ webhooks: [off], events }),
      'GET /api/admin/webhooks/2/deliveries': () => json({ webhook: off, deliveries: [delivery] }),
      'POST /api/admin/webhooks/deliveries/7/resend': () =>
        json({ delivery: { ...delivery, state: 'pending', nextAttemptAt: '2026-11-22T11:05:00Z' } }),
      'POST /api/admin/webhooks/2/enable': () =>
        json({ webhook: { ...off, active: true, consecutiveFailures: 0 } }),
    });
    render(<WebhooksPage />);
    const [cell] = await screen.findAllByText('https://ontvanger.example/ether');
    const row = cell?.closest('tr');
    if (!row) throw new Error('no row for the hook');
    expect(within(row).getByText('Uitgeschakeld: 10 mislukte pogingen achter elkaar')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: /Afleverlogboek/ }));
    const log = await screen.findByRole('region', { name: /Afleverlogboek van/ });
    expect(within(log).getByText(/HTTP 500, 12 ms/)).toBeInTheDocument();
    expect(within(log).getByText(/HTTP 200, 9 ms/)).toBeInTheDocument();
    expect(within(log).getByText('Afgeleverd')).toBeInTheDocument();

    await userEvent.click(within(log).getByRole('button', { name: /Opnieuw versturen/ }));
    await waitFor(() => expect(within(log).getByText(/Wacht op \(nieuwe\) poging/)).toBeInTheDocument());

    await userEvent.click(within(row).getByRole('button', { name: /Weer aanzetten/ }));
    await waitFor(() => expect(within(row).getByText('Aan')).toBeInTheDocument());
    const methods = fetch.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${path}`);
    expect(methods).toContain('POST /api/admin/webhooks/deliveries/7/resend');
  });

  it('adds a hook and shows its secret once; removes one', async () => {
    const created = hook({ id: 3, url: 'https://nieuw.example/in', events: ['source.connected'] });
    const fetch = server({
      'GET /api/admin/webhooks': () => json({ webhooks: [], events }),
      'POST /api/admin/webhooks': () => json({ webhook: created, secret: 'whsec_geheim' }, 201),
      'DELETE /api/admin/webhooks/3': () => Promise.resolve(new Response(null, { status: 204 })),
    });
    render(<WebhooksPage />);
    expect(await screen.findByText('Er zijn nog geen webhooks.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Webhook toevoegen' }));
    const url = screen.getByLabelText('URL');
    await waitFor(() => expect(url).toHaveFocus());
    expect(url).toHaveAccessibleDescription(/Vul een URL in\./);

    await userEvent.type(url, 'https://nieuw.example/in');
    await userEvent.click(screen.getByLabelText(/Live bron verbonden/));
    await userEvent.click(screen.getByRole('button', { name: 'Webhook toevoegen' }));
    expect(await screen.findByTestId('one-time-secret')).toHaveTextContent('whsec_geheim');
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(init.body as string)).toEqual({
      url: 'https://nieuw.example/in',
      events: ['source.connected'],
    });

    await userEvent.click(screen.getByRole('button', { name: /Verwijderen/ }));
    await waitFor(() => expect(screen.queryAllByText('https://nieuw.example/in')).toHaveLength(0));
  });

  it("puts the server's refusal of a URL on the field", async () => {
    server({
      'GET /api/admin/webhooks': () => json({ webhooks: [], events }),
      'POST /api/admin/webhooks': () =>
        json(
          {
            error: {
              code: 'invalid_fields',
              message: 'Niet alle velden zijn goed ingevuld.',
              fields: { url: 'Zet geen gebruikersnaam of wachtwoord in de URL.' },
            },
          },
          422,
        ),
    });
    render(<WebhooksPage />);
    await screen.findByText('Er zijn nog geen webhooks.');
    await userEvent.type(screen.getByLabelText('URL'), 'https://a:b@x.example/');
    await userEvent.click(screen.getByLabelText(/Inhoud gepubliceerd/));
    await userEvent.click(screen.getByRole('button', { name: 'Webhook toevoegen' }));
    await waitFor(() =>
      expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(
        /Zet geen gebruikersnaam of wachtwoord in de URL\./,
      ),
    );
  });
});
