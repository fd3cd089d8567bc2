import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server } from '../../test-support/fake-server';
import { sourceLoginSchema } from './source-login-form';
import { loginStatus, SourceLoginsPage } from './source-logins-page';
import type { PresenterSource } from './source-logins-api';

afterEach(() => vi.unstubAllGlobals());

const mira: PresenterSource = {
  id: 1,
  slug: 'mira',
  name: 'Mira de Vries',
  channels: ['radio2'],
  login: null,
};
const kees: PresenterSource = {
  id: 2,
  slug: 'kees',
  name: 'Kees Jansen',
  channels: ['radio2'],
  login: { username: 'kees', onlyInSlots: true, updatedAt: '2026-11-22T11:00:00Z' },
};

const sentBody = (fetch: ReturnType<typeof server>, method: string) => {
  const call = fetch.mock.calls.find(([, init]) => init?.method === method) as unknown as [
    string,
    RequestInit,
  ];
  return JSON.parse(call[1].body as string) as unknown;
};

const rowOf = async (name: string) => {
  const cell = await screen.findByRole('rowheader', { name });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('sourceLoginSchema', () => {
  it('wants a password for a new login, and keeps the stored one when left empty', () => {
    const fresh = sourceLoginSchema(false);
    expect(fresh.safeParse({ username: 'mira', password: '', onlyInSlots: false }).success).toBe(false);
    expect(fresh.safeParse({ username: 'mira', password: 'kort', onlyInSlots: false }).success).toBe(false);
    expect(
      fresh.safeParse({ username: 'mira', password: 'lang-genoeg-wachtwoord', onlyInSlots: true }).success,
    ).toBe(true);
    expect(
      sourceLoginSchema(true).safeParse({ username: 'mira', password: '', onlyInSlots: false }).success,
    ).toBe(true);
  });

  it("refuses other characters and the channel's own user 'source'", () => {
    const schema = sourceLoginSchema(true);
    for (const username of ['Mira', 'mi', 'mira de vries', 'source'])
      expect(schema.safeParse({ username, password: '', onlyInSlots: false }).success).toBe(false);
  });
});

describe('loginStatus', () => {
  it('says whether a presenter has a login and whether it is tied to their slots', () => {
    expect(loginStatus(mira)).toBe('Geen');
    expect(loginStatus(kees)).toBe('kees (alleen tijdens eigen uitzendingen)');
  });
});

describe('SourceLoginsPage', () => {
  it('gives a presenter a login limited to their slots; the password is sent, never shown', async () => {
    const saved: PresenterSource = {
      ...mira,
      login: { username: 'mira.studio', onlyInSlots: true, updatedAt: '2026-11-22T12:00:00Z' },
    };
    const fetch = server({
      'GET /api/admin/source-logins': () => json({ presenters: [mira, kees] }),
      'PUT /api/admin/source-logins/1': () => json({ presenter: saved }),
    });
    render(<SourceLoginsPage />);
    const row = await rowOf('Mira de Vries');
    expect(within(row).getByText('Geen')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /Bewerken/ }));
    const form = await screen.findByRole('form', { name: 'Bronlogin van Mira de Vries' });

    // A new login without a password is refused before anything is sent.
    await userEvent.type(within(form).getByLabelText('Gebruikersnaam'), 'mira.studio');
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(await within(form).findByText('Kies een wachtwoord van 12 tot 256 tekens.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.type(within(form).getByLabelText('Wachtwoord'), 'eigen-studio-wachtwoord');
    await userEvent.click(within(form).getByLabelText(/Alleen tijdens de uitzendingen/));
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('status')).toHaveTextContent('De bronlogin is opgeslagen.');
    expect(sentBody(fetch, 'PUT')).toEqual({
      username: 'mira.studio',
      onlyInSlots: true,
      password: 'eigen-studio-wachtwoord',
    });
    expect(within(row).getByText('mira.studio (alleen tijdens eigen uitzendingen)')).toBeInTheDocument();
    // The form opened anew (a password is no longer required): the focus is on its heading, not lost.
    expect(screen.getByRole('heading', { name: 'Bronlogin van Mira de Vries' })).toHaveFocus();
    expect(screen.queryByDisplayValue('eigen-studio-wachtwoord')).not.toBeInTheDocument();
  });

  it('changes a login without resending its password, and takes it away', async () => {
    const fetch = server({
      'GET /api/admin/source-logins': () => json({ presenters: [mira, kees] }),
      'PUT /api/admin/source-logins/2': () =>
        json({
          presenter: {
            ...kees,
            login: { ...kees.login, onlyInSlots: false, updatedAt: '2026-11-22T12:00:00Z' },
          },
        }),
      'DELETE /api/admin/source-logins/2': () => Promise.resolve(new Response(null, { status: 204 })),
    });
    render(<SourceLoginsPage />);
    const row = await rowOf('Kees Jansen');
    await userEvent.click(within(row).getByRole('button', { name: /Bewerken/ }));
    const form = await screen.findByRole('form', { name: 'Bronlogin van Kees Jansen' });
    expect(within(form).getByLabelText('Gebruikersnaam')).toHaveValue('kees');
    const slots = within(form).getByLabelText(/Alleen tijdens de uitzendingen/);
    expect(slots).toBeChecked();
    await userEvent.click(slots);
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(within(row).getByText('kees')).toBeInTheDocument());
    expect(sentBody(fetch, 'PUT')).toEqual({ username: 'kees', onlyInSlots: false });

    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const removeButton = () =>
      within(screen.getByRole('form', { name: 'Bronlogin van Kees Jansen' })).getByRole('button', {
        name: 'Bronlogin verwijderen',
      });
    await userEvent.click(removeButton());
    expect(confirm).toHaveBeenLastCalledWith(
      'De bronlogin van Kees Jansen verwijderen? Met deze login kan dan niemand meer live uitzenden.',
    );
    expect(deletes()).toEqual([]);
    expect(within(row).getByText('kees')).toBeInTheDocument();

    confirm.mockReturnValue(true);
    await userEvent.click(removeButton());
    await waitFor(() => expect(within(row).getByText('Geen')).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('De bronlogin is verwijderd.');
    expect(deletes()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Bronlogin van Kees Jansen' })).toHaveFocus();
  });

  it("puts the server's refusal of a username on the field", async () => {
    server({
      'GET /api/admin/source-logins': () => json({ presenters: [mira, kees] }),
      'PUT /api/admin/source-logins/1': () =>
        json(
          {
            error: {
              code: 'invalid_fields',
              message: 'Niet alle velden zijn goed ingevuld.',
              fields: { username: 'Deze gebruikersnaam is al in gebruik.' },
            },
          },
          422,
        ),
    });
    render(<SourceLoginsPage />);
    await userEvent.click(within(await rowOf('Mira de Vries')).getByRole('button', { name: /Bewerken/ }));
    const form = await screen.findByRole('form', { name: 'Bronlogin van Mira de Vries' });
    await userEvent.type(within(form).getByLabelText('Gebruikersnaam'), 'kees');
    await userEvent.type(within(form).getByLabelText('Wachtwoord'), 'eigen-studio-wachtwoord');
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    const username = within(form).getByLabelText('Gebruikersnaam');
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription('Deze gebruikersnaam is al in gebruik.'),
    );
  });
});
