import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsersPage } from './users-page';

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function user(id: number, name: string, secondFactor: boolean) {
  return {
    id,
    name,
    email: `${name.toLowerCase()}@ether.local`,
    role: 'eindredacteur',
    channels: [],
    active: true,
    mustChangePassword: false,
    createdAt: '2026-11-25T08:00:00Z',
    updatedAt: '2026-11-25T08:00:00Z',
    secondFactor,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('UsersPage', () => {
  it("lets a beheerder reset another account's second factor", async () => {
    const fetch = vi.fn((url: string, init: RequestInit) => {
      if (url === '/api/admin/users')
        return answer(200, { users: [user(1, 'Baas', true), user(2, 'Kees', true), user(3, 'Rian', false)] });
      if (init.method === 'DELETE') return answer(200, { user: user(2, 'Kees', false) });
      return answer(200, { channels: [] });
    });
    vi.stubGlobal('fetch', fetch);
    render(<UsersPage currentUserId={1} />);
    // Not for one's own account, nor for one without a second factor.
    const reset = await screen.findByRole('button', { name: 'Tweestapsverificatie resetten voor Kees' });
    expect(screen.getAllByRole('button', { name: /^Tweestapsverificatie resetten/ })).toHaveLength(1);
    await userEvent.click(reset);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('De tweestapsverificatie van Kees is uitgezet'),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/users/2/second-factor',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(screen.queryByRole('button', { name: /^Tweestapsverificatie resetten/ })).not.toBeInTheDocument();
  });
});
