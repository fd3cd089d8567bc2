import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../api/admin-client';
import { AuditPage } from './audit-page';

afterEach(() => vi.unstubAllGlobals());

const entry = (change: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-22T11:00:00Z',
  userId: 2,
  userName: 'Eva Eindredacteur',
  itemType: 'schedule_slots',
  itemId: '10',
  action: 'create',
  changes: {},
  ...change,
});

describe('AuditPage', () => {
  it('names schedule slots and one-off changes in Dutch, in the rows and the type filter', async () => {
    const fetch = vi.fn((path: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            entries: path.includes('type=')
              ? []
              : [
                  entry({ id: 2, itemType: 'schedule_changes', itemId: '3', action: 'delete' }),
                  entry({ changes: { start: { before: null, after: '10:00' } } }),
                ],
            page: 1,
            pageSize: 50,
            total: path.includes('type=') ? 0 : 2,
          }),
          { status: 200 },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    render(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Wijzigingen, nieuwste eerst' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Eenmalige wijziging #3')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Verwijderd')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Tijdvak #10')).toBeInTheDocument();
    expect(within(table).queryByText(/schedule_/)).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Soort'), 'Eenmalige wijziging');
    await userEvent.click(screen.getByRole('button', { name: 'Filteren' }));
    expect(await screen.findByText(/0 wijzigingen/)).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith('/api/admin/audit?type=schedule_changes', expect.anything());
  });
});
