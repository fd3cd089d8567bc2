import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm, loginSchema } from './login-form';

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

afterEach(() => vi.unstubAllGlobals());

/** Renders the form, fills it in for mira@ether.local and submits; returns the login callback. */
async function logIn(password: string) {
  const onLoggedIn = vi.fn();
  render(<LoginForm onLoggedIn={onLoggedIn} />);
  await userEvent.type(screen.getByLabelText('E-mailadres'), 'mira@ether.local');
  await userEvent.type(screen.getByLabelText('Wachtwoord'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
  return onLoggedIn;
}

describe('loginSchema', () => {
  it('asks for both fields and a plausible address', () => {
    const empty = loginSchema.safeParse({ email: '', password: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      'Vul je e-mailadres in.',
      'Vul je wachtwoord in.',
    ]);
    expect(loginSchema.safeParse({ email: 'geen-adres', password: 'x' }).error?.issues[0]?.message).toBe(
      'Vul een geldig e-mailadres in.',
    );
    expect(loginSchema.safeParse({ email: ' mira@ether.local ', password: 'x' }).success).toBe(true);
  });
});

describe('LoginForm', () => {
  it('ties each error to its field and moves the focus to the first one', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<LoginForm onLoggedIn={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    const email = screen.getByLabelText('E-mailadres');
    const password = screen.getByLabelText('Wachtwoord');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Vul je e-mailadres in.');
    expect(password).toHaveAccessibleDescription('Vul je wachtwoord in.');
    expect(fetch).not.toHaveBeenCalled();

    // With the address right, the focus goes to the password, the first field still wrong.
    await userEvent.type(email, 'mira@ether.local');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('shows the one Dutch message of the server for a failed login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        answer(401, {
          error: { code: 'invalid_credentials', message: 'E-mailadres of wachtwoord klopt niet.' },
        }),
      ),
    );
    const onLoggedIn = await logIn('fout');
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mailadres of wachtwoord klopt niet.');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('hands the session up after a login', async () => {
    const session = { user: { id: 1, name: 'Mira' }, csrfToken: 'abc', permissions: [], expiresAt: '' };
    const fetch = vi.fn(() => answer(200, session));
    vi.stubGlobal('fetch', fetch);
    const onLoggedIn = await logIn('goed wachtwoord');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(session));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/session');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'mira@ether.local',
      password: 'goed wachtwoord',
    });
  });

  it('asks for the code of the second factor, or a recovery code, before it hands the session up', async () => {
    const session = { user: { id: 1, name: 'Mira' }, csrfToken: 'abc', permissions: [], expiresAt: '' };
    const fetch = vi.fn((url: string, init: RequestInit) => {
      if (url === '/api/admin/session')
        return answer(200, { secondFactorRequired: true, challenge: 'c'.repeat(64) });
      const { code } = JSON.parse(init.body as string) as { code: string };
      if (code === 'abcde-fghjk') return answer(200, session);
      return answer(422, {
        error: {
          code: 'invalid_fields',
          message: 'Controleer de velden.',
          fields: { code: 'Deze code klopt niet of is al gebruikt.' },
        },
      });
    });
    vi.stubGlobal('fetch', fetch);
    const onLoggedIn = await logIn('goed wachtwoord');

    // The code step: its heading takes the focus; the field asks for digits and the phone's code.
    const heading = await screen.findByRole('heading', { name: 'Tweestapsverificatie' });
    await waitFor(() => expect(heading).toHaveFocus());
    const code = screen.getByLabelText('Code uit je app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Deze code klopt niet of is al gebruikt.'));
    expect(code).toHaveFocus();
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(JSON.parse((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      challenge: 'c'.repeat(64),
      code: '123456',
    });

    // A recovery code instead: a text field.
    await userEvent.click(screen.getByRole('button', { name: 'Een herstelcode gebruiken' }));
    const recovery = screen.getByLabelText('Herstelcode');
    expect(recovery).toHaveAttribute('inputmode', 'text');
    await userEvent.type(recovery, 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(session));
  });
});
