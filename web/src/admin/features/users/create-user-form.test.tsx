import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateUserForm, createUserSchema } from './create-user-form';

afterEach(() => vi.unstubAllGlobals());

const channels = [
  { slug: 'radio2', name: 'Radio 2' },
  { slug: 'radio4', name: 'Radio 4' },
];

describe('createUserSchema', () => {
  it('checks name, address and role', () => {
    const result = createUserSchema.safeParse({ name: ' ', email: 'x', role: 'baas', channels: [] });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Vul een naam in.',
      'Vul een geldig e-mailadres in.',
      'Kies een rol.',
    ]);
  });
});

describe('CreateUserForm', () => {
  it('focuses the first invalid field and sends a valid account with its channels', async () => {
    const created = {
      user: { id: 2, email: 'kees@ether.local', name: 'Kees', role: 'redacteur', channels: ['radio4'] },
      oneTimePassword: 'abcdefghijkmnopqrstu',
    };
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(created), { status: 201 })));
    vi.stubGlobal('fetch', fetch);
    const onCreated = vi.fn();
    render(<CreateUserForm channels={channels} onCreated={onCreated} />);
    await userEvent.click(screen.getByRole('button', { name: 'Gebruiker maken' }));
    const name = screen.getByLabelText('Naam');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Vul een naam in.');
    expect(screen.getByLabelText('E-mailadres')).toHaveAccessibleDescription('Vul een e-mailadres in.');

    await userEvent.type(name, 'Kees');
    await userEvent.type(screen.getByLabelText('E-mailadres'), 'kees@ether.local');
    await userEvent.click(screen.getByLabelText('Radio 4'));
    await userEvent.click(screen.getByRole('button', { name: 'Gebruiker maken' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created.user, 'abcdefghijkmnopqrstu'));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Kees',
      email: 'kees@ether.local',
      role: 'redacteur',
      channels: ['radio4'],
    });
  });

  it("shows the server's message for a taken address on the e-mail field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              error: {
                code: 'invalid_fields',
                message: 'x',
                fields: { email: 'Dit e-mailadres is al in gebruik.' },
              },
            }),
            { status: 422 },
          ),
        ),
      ),
    );
    render(<CreateUserForm channels={[]} onCreated={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Naam'), 'Kees');
    await userEvent.type(screen.getByLabelText('E-mailadres'), 'kees@ether.local');
    await userEvent.click(screen.getByRole('button', { name: 'Gebruiker maken' }));
    const email = screen.getByLabelText('E-mailadres');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Dit e-mailadres is al in gebruik.');
  });
});
