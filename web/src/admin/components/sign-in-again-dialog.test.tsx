import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApi, type AdminSession } from '../api/admin-client';
import { letTimePass, startFakeClock } from '../../test/fake-clock';
import { SignInAgainDialog } from './sign-in-again-dialog';

function sessionOf(email: string): AdminSession {
  return {
    user: {
      id: 7,
      email,
      name: 'Mira',
      role: 'redacteur',
      channels: [],
      active: true,
      mustChangePassword: false,
      createdAt: '2026-11-25T10:00:00Z',
      updatedAt: '2026-11-25T10:00:00Z',
    },
    csrfToken: 'token-from-the-other-tab',
    permissions: [],
    expiresAt: '2026-11-25T22:00:00Z',
  };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// Another tab of the same browser: its login is told over the BroadcastChannel.
async function signInInAnotherTab(email: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(json(200, sessionOf(email)))),
  );
  await adminApi.login(email, 'wachtwoord');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SignInAgainDialog', () => {
  it('takes the session when the same account signs in in another tab', async () => {
    const onSignedIn = vi.fn();
    render(<SignInAgainDialog email="mira@ether.local" onSignedIn={onSignedIn} onCancel={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Opnieuw inloggen' })).toBeInTheDocument();
    await signInInAnotherTab('mira@ether.local');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect((onSignedIn.mock.calls[0]?.[0] as AdminSession).csrfToken).toBe('token-from-the-other-tab');
  });

  it('stays open when another account signs in elsewhere, or nobody is signed in', async () => {
    startFakeClock();
    const onSignedIn = vi.fn();
    render(<SignInAgainDialog email="mira@ether.local" onSignedIn={onSignedIn} onCancel={vi.fn()} />);
    await signInInAnotherTab('bram@ether.local');
    const fetch = vi.fn(() =>
      Promise.resolve(json(401, { error: { code: 'unauthenticated', message: 'x' } })),
    );
    vi.stubGlobal('fetch', fetch);
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await letTimePass(10_000);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('takes the session when the tab gets the focus back signed in', async () => {
    const onSignedIn = vi.fn();
    render(<SignInAgainDialog email="mira@ether.local" onSignedIn={onSignedIn} onCancel={vi.fn()} />);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, sessionOf('mira@ether.local')))),
    );
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  });
});
