import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackupsPage } from './backups-page';

afterEach(() => vi.unstubAllGlobals());

function answers(...bodies: [number, unknown][]) {
  const fetch = vi.fn();
  for (const [status, body] of bodies) {
    fetch.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
  }
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const good = {
  configured: true,
  dir: '/srv/ether-backups',
  everySeconds: 86400,
  keep: 14,
  lastGood: '2026-11-25T08:35:30Z',
  lastBytes: 1_184_900_000,
  lastSeconds: 11.4,
  lastError: null,
  next: '2026-11-26T08:35:30Z',
  running: false,
  leading: true,
  overdue: false,
};

describe('BackupsPage', () => {
  it('shows the last good backup, its size and duration, and the next', async () => {
    answers([200, good]);
    render(<BackupsPage />);
    expect(await screen.findByText(/elke dag, de nieuwste 14 bewaard/)).toBeInTheDocument();
    // To the second, as the backup is named: two made in one minute are told apart.
    expect(screen.getByText('25-11-2026, 09:35:30, 1,2 GB, gemaakt in 11,4 seconden')).toBeInTheDocument();
    expect(screen.getByText(/26-11-2026/)).toBeInTheDocument();
  });

  it('makes one now and says so; a refusal is shown in Dutch', async () => {
    const fetch = answers([200, good], [202, { started: true }], [200, { ...good, running: true }]);
    render(<BackupsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Nu een back-up maken' }));
    expect(await screen.findByRole('status')).toHaveTextContent('De back-up wordt gemaakt.');
    const [path, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(path).toBe('/api/admin/backups');
    expect(init.method).toBe('POST');
  });

  it('tells a beheerder when backups are overdue or failed', async () => {
    answers([
      200,
      { ...good, overdue: true, lastError: 'cannot write /srv/ether-backups: No space left on device' },
    ]);
    render(<BackupsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('ouder dan twee keer het schema');
    expect(screen.getByText(/De laatste poging is mislukt/)).toBeInTheDocument();
  });

  it('says when the server makes no backups of its own', async () => {
    answers([200, { configured: false }]);
    render(<BackupsPage />);
    expect(await screen.findByText(/geen map voor ingesteld/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nu een back-up maken' })).not.toBeInTheDocument();
  });

  it('shows a refused request in Dutch', async () => {
    answers(
      [200, good],
      [409, { error: { code: 'backup_running', message: 'Er wordt al een back-up gemaakt.' } }],
    );
    render(<BackupsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Nu een back-up maken' }));
    expect(await screen.findByText('Er wordt al een back-up gemaakt.')).toBeInTheDocument();
  });
});
