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
                  entry({
                    changes: { start: { before: null, after: '10:00' }, weekday: { before: null, after: 3 } },
                  }),
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
    expect(within(table).getByRole('row', { name: /Eenmalige wijziging #3 Verwijderd/ })).toBeInTheDocument();
    const slot = within(table).getByRole('row', { name: /Tijdvak #10 Aangemaakt/ });
    // Its fields and its day in words, as the schedule's forms say them (issue 54).
    expect(within(slot).getByText('Begintijd').closest('li')).toHaveTextContent('Begintijd: – → 10:00');
    expect(within(slot).getByText('Dag').closest('li')).toHaveTextContent('Dag: – → woensdag');
    expect(within(table).queryByText(/schedule_/)).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Soort'), 'Eenmalige wijziging');
    await userEvent.click(screen.getByRole('button', { name: 'Filteren' }));
    expect(await screen.findByText(/0 wijzigingen/)).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith('/api/admin/audit?type=schedule_changes', expect.anything());
  });

  it('filters by a part of the name of who made the change, not by a number', async () => {
    const fetch = vi.fn((path: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            entries: path.includes('name=') ? [entry({ userName: 'Eva Eindredacteur' })] : [],
            page: 1,
            pageSize: 50,
            total: path.includes('name=') ? 1 : 0,
          }),
          { status: 200 },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    render(<AuditPage />);
    expect(await screen.findByText(/0 wijzigingen/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Gebruikersnummer')).toBeNull();
    await userEvent.type(screen.getByLabelText('Naam'), '  eva eind ');
    await userEvent.click(screen.getByRole('button', { name: 'Filteren' }));
    expect(await screen.findByText(/1 wijziging,/)).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith('/api/admin/audit?name=eva+eind', expect.anything());
  });

  it("shows an article body's change as its text, not [object Object]", async () => {
    const body = (text: string) => [{ type: 'paragraph', text }];
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              entries: [
                entry({
                  itemType: 'articles',
                  action: 'update',
                  changes: { body: { before: body('Oude alinea.'), after: body('Nieuwe alinea.') } },
                }),
              ],
              page: 1,
              pageSize: 50,
              total: 1,
            }),
            { status: 200 },
          ),
        ),
      ),
    );
    render(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Wijzigingen, nieuwste eerst' });
    expect(within(table).getByText(/Oude alinea\. → Nieuwe alinea\./)).toBeInTheDocument();
    expect(within(table).queryByText(/object Object/)).toBeNull();
  });
});
