import { render, screen, waitFor, within } from '@testing-library/react';
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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function usersServer(patch: () => Promise<Response>) {
  const fetch = vi.fn((url: string, init: RequestInit) => {
    if (url === '/api/admin/users')
      return answer(200, { users: [user(1, 'Baas', false), user(2, 'Kees', false)] });
    if (init.method === 'PATCH') return patch();
    return answer(200, { channels: [] });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const patches = (fetch: ReturnType<typeof usersServer>) =>
  fetch.mock.calls.filter(([, init]) => init.method === 'PATCH');

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
  it("saves a picked role only with the row's Rol opslaan, once, and says so", async () => {
    const fetch = usersServer(() => answer(200, { user: { ...user(2, 'Kees', false), role: 'redacteur' } }));
    render(<UsersPage currentUserId={1} />);
    const select = await screen.findByRole('combobox', { name: 'Rol van Kees' });
    await userEvent.selectOptions(select, 'Redacteur');
    await userEvent.selectOptions(select, 'Beheerder');
    expect(patches(fetch)).toHaveLength(0);
    // Picking the stored role again takes the button away.
    await userEvent.selectOptions(select, 'Eindredacteur');
    expect(screen.queryByRole('button', { name: 'Rol opslaan voor Kees' })).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'Redacteur');
    await userEvent.click(screen.getByRole('button', { name: 'Rol opslaan voor Kees' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('De rol van Kees is gewijzigd naar Redacteur.'),
    );
    const sent = patches(fetch);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.[0]).toBe('/api/admin/users/2');
    expect(JSON.parse(String(sent[0]?.[1].body))).toEqual({ role: 'redacteur' });
    expect(select).toHaveValue('redacteur');
    expect(select).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Rol opslaan voor Kees' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a role change in Dutch and keeps the pick", async () => {
    usersServer(() => answer(403, { error: { code: 'forbidden', message: 'Forbidden' } }));
    render(<UsersPage currentUserId={1} />);
    const select = await screen.findByRole('combobox', { name: 'Rol van Kees' });
    await userEvent.selectOptions(select, 'Beheerder');
    await userEvent.click(screen.getByRole('button', { name: 'Rol opslaan voor Kees' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De rol van Kees is niet gewijzigd: Je rol heeft geen toegang tot deze actie.',
    );
    expect(select).toHaveValue('beheerder');
    expect(screen.getByRole('button', { name: 'Rol opslaan voor Kees' })).toBeInTheDocument();
  });
  it("asks before 'Uitschakelen', sends nothing when the answer is no, and switches on without asking", async () => {
    const fetch = usersServer(() => answer(200, { user: { ...user(2, 'Kees', false), active: false } }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<UsersPage currentUserId={1} />);
    const off = await screen.findByRole('button', { name: 'Uitschakelen Kees' });
    await userEvent.click(off);
    expect(confirm).toHaveBeenCalledWith(
      expect.stringContaining('Kees uitschakelen? Kees wordt meteen uitgelogd'),
    );
    expect(patches(fetch)).toHaveLength(0);
    await userEvent.click(off);
    await screen.findByRole('button', { name: 'Inschakelen Kees' });
    expect(patches(fetch)).toHaveLength(1);
    expect(JSON.parse(String(patches(fetch)[0]?.[1].body))).toEqual({ active: false });
    expect(screen.getByRole('row', { name: /Kees/ })).toHaveTextContent('Uitgeschakeld');
    // Switching back on is not asked.
    fetch.mockImplementation((_url: string, init: RequestInit) =>
      init.method === 'PATCH' ? answer(200, { user: user(2, 'Kees', false) }) : answer(200, { channels: [] }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Inschakelen Kees' }));
    await screen.findByRole('button', { name: 'Uitschakelen Kees' });
    expect(confirm).toHaveBeenCalledTimes(2);
  });
  it('keeps one one-time password panel per new user, newest first, each with Kopieer', async () => {
    let created = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        if (url === '/api/admin/users' && init.method === 'POST') {
          created += 1;
          const name = created === 1 ? 'Anna' : 'Bram';
          return answer(201, { user: user(10 + created, name, false), oneTimePassword: `geheim-${name}` });
        }
        if (url === '/api/admin/users') return answer(200, { users: [user(1, 'Baas', false)] });
        return answer(200, { channels: [] });
      }),
    );
    const events = userEvent.setup();
    // user-event puts a stub clipboard on the page; its writeText is watched.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<UsersPage currentUserId={1} />);
    await screen.findByRole('combobox', { name: 'Rol van Baas' });
    for (const name of ['Anna', 'Bram']) {
      await events.type(screen.getByLabelText('Naam'), name);
      await events.type(screen.getByLabelText('E-mailadres'), `${name.toLowerCase()}@ether.local`);
      await events.click(screen.getByRole('button', { name: 'Gebruiker maken' }));
      await screen.findByRole('region', {
        name: `Eenmalig wachtwoord voor ${name.toLowerCase()}@ether.local`,
      });
    }
    const panels = screen.getAllByRole('region', { name: /^Eenmalig wachtwoord voor/ });
    expect(panels.map((panel) => within(panel).getByTestId('one-time-secret').textContent)).toEqual([
      'geheim-Bram',
      'geheim-Anna',
    ]);
    const anna = panels[1] as HTMLElement;
    await events.click(within(anna).getByRole('button', { name: /^Kopieer/ }));
    expect(writeText).toHaveBeenCalledWith('geheim-Anna');
    expect(await within(anna).findByRole('status')).toHaveTextContent('Gekopieerd');
    expect(within(panels[0] as HTMLElement).getByRole('status')).toHaveTextContent('');
    // Hiding one keeps the other, and the focus goes to the page's heading.
    await events.click(within(anna).getByRole('button', { name: 'Gezien, verbergen' }));
    expect(screen.getAllByRole('region', { name: /^Eenmalig wachtwoord voor/ })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Gebruikers' })).toHaveFocus();
  });
});
