import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/admin-client';
import { ChangePasswordForm, changePasswordSchema } from './change-password-form';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT = { email: 'anna.vermeulen@omroep.example', name: 'Anna Vermeulen' };

describe('changePasswordSchema', () => {
  it('wants 12 characters, the same twice, and a new one', () => {
    const issues = (values: Record<string, string>) =>
      changePasswordSchema
        .safeParse(values)
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues({ currentPassword: 'a', newPassword: 'kort', repeatPassword: 'kort' })).toEqual([
      'newPassword: Kies een wachtwoord van minstens 12 tekens.',
    ]);
    expect(
      issues({
        currentPassword: 'a',
        newPassword: 'lang genoeg wachtwoord',
        repeatPassword: 'ander wachtwoord!',
      }),
    ).toEqual(['repeatPassword: De twee wachtwoorden zijn niet gelijk.']);
    expect(
      issues({
        currentPassword: 'zelfde wachtwoord',
        newPassword: 'zelfde wachtwoord',
        repeatPassword: 'zelfde wachtwoord',
      }),
    ).toEqual(['newPassword: Kies een ander wachtwoord dan je huidige.']);
    expect(
      changePasswordSchema.safeParse({
        currentPassword: 'a',
        newPassword: 'een goed wachtwoord',
        repeatPassword: 'een goed wachtwoord',
      }).success,
    ).toBe(true);
  });
});

describe('ChangePasswordForm', () => {
  it("puts the server's field error on its field, focused, and sends the CSRF token", async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            error: {
              code: 'invalid_fields',
              message: 'Niet alle velden zijn goed ingevuld.',
              fields: { currentPassword: 'Het huidige wachtwoord klopt niet.' },
            },
          }),
          { status: 422 },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    setCsrfToken('token-123');
    render(<ChangePasswordForm forced account={ACCOUNT} onChanged={() => undefined} />);
    expect(screen.getByText(/eenmalig wachtwoord/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Huidig wachtwoord'), 'fout');
    await userEvent.type(screen.getByLabelText('Nieuw wachtwoord'), 'een goed wachtwoord');
    await userEvent.type(screen.getByLabelText('Herhaal het nieuwe wachtwoord'), 'een goed wachtwoord');
    await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    const current = screen.getByLabelText('Huidig wachtwoord');
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAccessibleDescription('Het huidige wachtwoord klopt niet.');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('token-123');
  });

  it('keeps the hint in the description of the new password with its error', async () => {
    vi.stubGlobal('fetch', vi.fn());
    render(<ChangePasswordForm forced={false} account={ACCOUNT} onChanged={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Huidig wachtwoord'), 'oud');
    await userEvent.type(screen.getByLabelText('Nieuw wachtwoord'), 'kort');
    await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    const next = screen.getByLabelText('Nieuw wachtwoord');
    await waitFor(() => expect(next).toHaveFocus());
    expect(next).toHaveAccessibleDescription(
      'Minstens 12 tekens. Kies een wachtwoord van minstens 12 tekens.',
    );
  });

  it('tells the strength of the new password as the server judges it, with the account in mind', async () => {
    vi.stubGlobal('fetch', vi.fn());
    render(<ChangePasswordForm forced={false} account={ACCOUNT} onChanged={() => undefined} />);
    const next = screen.getByLabelText('Nieuw wachtwoord');
    await userEvent.type(next, 'aaaa');
    expect(await screen.findByText('Nog 8 tekens te kort.')).toBeInTheDocument();
    await userEvent.type(next, 'aaaaaaaa');
    expect(
      await screen.findByText(/^Te makkelijk te raden/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.clear(next);
    await userEvent.type(next, 'welkom123456');
    expect(
      await screen.findByText(/^Te makkelijk te raden/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.clear(next);
    await userEvent.type(next, 'paard batterij nietje correct');
    expect(await screen.findByText(/^Sterk/, undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
