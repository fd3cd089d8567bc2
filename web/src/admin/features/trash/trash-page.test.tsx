import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrashPage } from './trash-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answers(...bodies: [number, unknown][]) {
  const fetch = vi.fn();
  for (const [status, body] of bodies) {
    fetch.mockResolvedValueOnce(new Response(status === 204 ? null : JSON.stringify(body), { status }));
  }
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const article = {
  type: 'articles',
  typeLabel: 'Artikel',
  id: '12',
  title: 'Nachtelijke vogeltrek',
  trashedAt: '2026-11-25T09:42:00Z',
  trashedBy: 'Eva de Vries',
  purgeAt: '2026-12-25T09:42:00Z',
};

function show() {
  const router = createMemoryRouter([{ path: '/prullenbak', element: <TrashPage /> }], {
    initialEntries: ['/prullenbak'],
  });
  render(<RouterProvider router={router} />);
}

describe('TrashPage', () => {
  it('lists what was deleted, by whom, and when it goes for good', async () => {
    answers([200, { items: [article], keepDays: 30 }]);
    show();
    const row = (await screen.findByRole('rowheader', { name: 'Nachtelijke vogeltrek' })).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Artikel')).toBeInTheDocument();
    expect(cells.getByText('25-11-2026, 10:42 door Eva de Vries')).toBeInTheDocument();
    expect(cells.getByText('25-12-2026, 10:42')).toBeInTheDocument();
    expect(screen.getByText(/30 dagen/)).toBeInTheDocument();
  });

  it('restores an item, says so and links to it', async () => {
    const fetch = answers(
      [200, { items: [article], keepDays: 30 }],
      [200, { item: { id: '12' } }],
      [200, { items: [], keepDays: 30 }],
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: "'Nachtelijke vogeltrek' terugzetten" }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Artikel 'Nachtelijke vogeltrek' is teruggezet.",
    );
    expect(screen.getByRole('link', { name: "Open 'Nachtelijke vogeltrek'" })).toHaveAttribute(
      'href',
      '/inhoud/articles/12',
    );
    const [path, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(path).toBe('/api/admin/trash/articles/12/restore');
    expect(init.method).toBe('POST');
    expect(await screen.findByText('De prullenbak is leeg.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prullenbak' })).toHaveFocus();
  });

  it('removes for good only after a second yes, and shows a refusal in Dutch', async () => {
    const fetch = answers(
      [200, { items: [article], keepDays: 30 }],
      [403, { error: { code: 'forbidden', message: 'Je rol heeft geen toegang tot deze actie.' } }],
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    show();
    const button = await screen.findByRole('button', {
      name: "'Nachtelijke vogeltrek' definitief verwijderen",
    });
    await userEvent.click(button);
    expect(fetch).toHaveBeenCalledTimes(1);
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledTimes(2);
    const [path, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(path).toBe('/api/admin/trash/articles/12');
    expect(init.method).toBe('DELETE');
    expect(await screen.findByRole('alert')).toHaveTextContent(/geen toegang/);
  });
});
