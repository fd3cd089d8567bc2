import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODES_LEAVE_MESSAGE } from './recovery-codes';
import { SecondFactorPage } from './second-factor-page';

function answer(status: number, body?: unknown) {
  return Promise.resolve(
    status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efghj`);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page as the admin's shell shows it: in its router, with a link to another page. */
function renderInShell() {
  const router = createMemoryRouter(
    [
      {
        path: '/tweestapsverificatie',
        element: (
          <>
            <Link to="/gebruikers">Gebruikers</Link>
            <SecondFactorPage onChanged={vi.fn()} />
          </>
        ),
      },
      { path: '/gebruikers', element: <h1>Gebruikers</h1> },
    ],
    { initialEntries: ['/tweestapsverificatie'] },
  );
  render(<RouterProvider router={router} />);
}

describe('SecondFactorPage', () => {
  it('enrols with a QR code and the typed secret, confirms a code and shows the recovery codes once', async () => {
    let enabled = false;
    const fetch = vi.fn((url: string, init: RequestInit) => {
      if (url === '/api/admin/second-factor')
        return answer(200, {
          enabled,
          enabledAt: enabled ? '2026-11-25T09:00:00Z' : null,
          recoveryCodesLeft: enabled ? 10 : 0,
          required: true,
        });
      if (url.endsWith('/enrolment'))
        return answer(200, { secret: SECRET, uri: `otpauth://totp/Ether:mira@ether.local?secret=${SECRET}` });
      const { code } = JSON.parse(init.body as string) as { code: string };
      if (code !== '654321')
        return answer(422, {
          error: {
            code: 'invalid_fields',
            message: 'Controleer de velden.',
            fields: { code: 'Deze code klopt niet.' },
          },
        });
      enabled = true;
      return answer(200, { recoveryCodes: CODES });
    });
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn();
    render(<SecondFactorPage forced onChanged={onChanged} />);
    // The password first: a session alone does not tie the account to a phone.
    await userEvent.type(await screen.findByLabelText('Je wachtwoord'), 'mijn wachtwoord');
    await userEvent.click(screen.getByRole('button', { name: 'Tweestapsverificatie instellen' }));
    const started = fetch.mock.calls.find(([url]) => url.endsWith('/enrolment')) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(started[1].body as string)).toEqual({ password: 'mijn wachtwoord' });

    expect(await screen.findByRole('img', { name: 'QR-code voor je authenticator-app' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const code = screen.getByLabelText('Code uit je app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Deze code klopt niet.'));
    expect(onChanged).not.toHaveBeenCalled();

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    const region = await screen.findByRole('region', { name: 'Je herstelcodes' });
    await waitFor(() => expect(region).toHaveFocus());
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    const download = within(region).getByRole('link', { name: 'Downloaden' });
    expect(download).toHaveAttribute('download', 'ether-herstelcodes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(CODES[9]);

    // They are never shown again: a reload before 'Ik heb ze bewaard' asks first (issue 54).
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(true);

    await userEvent.click(within(region).getByRole('button', { name: 'Ik heb ze bewaard' }));
    expect(unload()).toBe(false);
    expect(onChanged).toHaveBeenCalled();
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
    expect(await screen.findByText(/staat aan sinds/)).toHaveTextContent('nog 10 ongebruikte herstelcodes');
  });

  it('makes new recovery codes with the password and a code, shows them once, and hides switching off meanwhile', async () => {
    let left = 2;
    const fetch = vi.fn((url: string) => {
      if (url.endsWith('/recovery-codes')) {
        left = 10;
        return answer(200, { recoveryCodes: CODES });
      }
      return answer(200, {
        enabled: true,
        enabledAt: '2026-11-25T09:00:00Z',
        recoveryCodesLeft: left,
        required: false,
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderInShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Nieuwe herstelcodes…' }));
    // The focus goes into the form, and back to the button on 'Annuleren'.
    expect(screen.getByLabelText('Je wachtwoord')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(screen.getByRole('button', { name: 'Nieuwe herstelcodes…' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Nieuwe herstelcodes…' }));
    // One proof form at once: switching off is out of the way.
    expect(screen.queryByRole('button', { name: 'Tweestapsverificatie uitzetten' })).not.toBeInTheDocument();
    const make = screen.getByRole('button', { name: 'Nieuwe herstelcodes maken' });
    await userEvent.type(screen.getByLabelText('Code uit je app of een herstelcode'), '123456');
    await userEvent.click(make);
    // The form's validation (zod) settles after the click's act(): wait for its message.
    await waitFor(() =>
      expect(screen.getByLabelText('Je wachtwoord')).toHaveAccessibleDescription('Vul je wachtwoord in.'),
    );
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/recovery-codes'))).toBe(false);
    await userEvent.type(screen.getByLabelText('Je wachtwoord'), 'mijn wachtwoord');
    await userEvent.click(make);
    const region = await screen.findByRole('region', { name: 'Je herstelcodes' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    const call = fetch.mock.calls.find(([url]) => url.endsWith('/recovery-codes')) as unknown as [
      string,
      RequestInit,
    ];
    expect(call[1].method).toBe('POST');
    expect(JSON.parse(call[1].body as string)).toEqual({ password: 'mijn wachtwoord', code: '123456' });
    // They are never shown again: another page of the admin asks first, and 'Nee' keeps them (issue 54).
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.click(screen.getByRole('link', { name: 'Gebruikers' }));
    expect(confirm).toHaveBeenCalledWith(CODES_LEAVE_MESSAGE);
    expect(screen.getByRole('region', { name: 'Je herstelcodes' })).toBeInTheDocument();
    confirm.mockClear();
    await userEvent.click(within(region).getByRole('button', { name: 'Ik heb ze bewaard' }));
    expect(await screen.findByText(/Je hebt nog 10 ongebruikte herstelcodes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tweestapsverificatie uitzetten' })).toBeInTheDocument();
    // Once saved, the codes keep nobody on the page.
    await userEvent.click(screen.getByRole('link', { name: 'Gebruikers' }));
    expect(await screen.findByRole('heading', { name: 'Gebruikers' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
  it('switches it off with the password and a current code, both', async () => {
    let enabled = true;
    const fetch = vi.fn((_url: string, init: RequestInit) => {
      if (init.method === 'DELETE') {
        enabled = false;
        return answer(204);
      }
      return answer(200, {
        enabled,
        enabledAt: '2026-11-25T09:00:00Z',
        recoveryCodesLeft: 7,
        required: false,
      });
    });
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn();
    render(<SecondFactorPage onChanged={onChanged} />);
    await userEvent.type(await screen.findByLabelText('Code uit je app of een herstelcode'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Tweestapsverificatie uitzetten' }));
    // The form's validation (zod) settles after the click's act(): wait for its message.
    await waitFor(() =>
      expect(screen.getByLabelText('Je wachtwoord')).toHaveAccessibleDescription('Vul je wachtwoord in.'),
    );
    expect(fetch.mock.calls.some(([, init]) => init.method === 'DELETE')).toBe(false);
    await userEvent.type(screen.getByLabelText('Je wachtwoord'), 'mijn wachtwoord');
    await userEvent.click(screen.getByRole('button', { name: 'Tweestapsverificatie uitzetten' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const call = fetch.mock.calls.find(([, init]) => init.method === 'DELETE') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(call[1].body as string)).toEqual({ password: 'mijn wachtwoord', code: '123456' });
    expect(await screen.findByRole('button', { name: 'Tweestapsverificatie instellen' })).toBeInTheDocument();
  });
});
