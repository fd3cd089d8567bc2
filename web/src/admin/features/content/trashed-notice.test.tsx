import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../api/error-messages';
import { contentField, programmeItem, programmesType } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ContentEditPage } from './content-edit-page';
import { ContentListPage } from './content-list-page';
import { trashedFrom } from './trashed-notice';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = programmesType({
  fields: [contentField('name', 'Naam', 'text'), contentField('slug', 'URL', 'slug')],
});
const item = programmeItem({
  title: 'Nachtwacht',
  usedBy: 0,
  values: { name: 'Nachtwacht', slug: 'nachtwacht' },
});
const emptyList = { items: [], page: 1, pageSize: 25, total: 0 };
// An eindredacteur's (server/src/admin/roles.cpp).
const permissions = ['edit_drafts', 'edit_published', 'publish', 'delete_content'];

function showEditPage() {
  const router = createMemoryRouter(
    [
      { path: '/inhoud/:type', element: <ContentListPage permissions={permissions} /> },
      { path: '/inhoud/:type/:id', element: <ContentEditPage permissions={permissions} /> },
    ],
    { initialEntries: ['/inhoud/programmes/7'] },
  );
  render(<RouterProvider router={router} />);
}

const statusWith = (text: string) =>
  screen.findByText(
    (_, element) => element?.getAttribute('role') === 'status' && element.textContent === text,
  );

describe('TrashedNotice', () => {
  it('after a delete, the list says the item is in the trash, and Terugzetten puts it back', async () => {
    let restored = false;
    const fetch = server({
      'GET /api/admin/content-types': () => json({ types: [type] }),
      'GET /api/admin/content/programmes/7': () => json({ item }),
      'DELETE /api/admin/content/programmes/7?version=3': () =>
        Promise.resolve(new Response(null, { status: 204 })),
      'GET /api/admin/content/programmes': () =>
        json(restored ? { ...emptyList, items: [item], total: 1 } : emptyList),
      'POST /api/admin/trash/programmes/7/restore': () => {
        restored = true;
        return json({ item });
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    showEditPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));

    expect(await statusWith("Programma 'Nachtwacht' staat in de prullenbak.")).toBeInTheDocument();
    expect(await screen.findByText('0 items, pagina 1 van 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Terugzetten' }));

    expect(await statusWith("Programma 'Nachtwacht' is teruggezet. Open 'Nachtwacht'")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Open 'Nachtwacht'" })).toHaveAttribute(
      'href',
      '/inhoud/programmes/7',
    );
    const restore = fetch.mock.calls.filter(([path]) => path === '/api/admin/trash/programmes/7/restore');
    expect(restore).toHaveLength(1);
    expect((restore[0] as [string, RequestInit])[1].method).toBe('POST');
    // The list is asked again and shows it; the focus goes from the gone button to the heading.
    expect(await screen.findByRole('link', { name: 'Nachtwacht' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: "Programma's" })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Terugzetten' })).not.toBeInTheDocument();
  });

  it('shows the refusal when the item cannot be put back', async () => {
    server({
      'GET /api/admin/content-types': () => json({ types: [type] }),
      'GET /api/admin/content/programmes': () => json(emptyList),
      'POST /api/admin/trash/programmes/7/restore': () =>
        json({ error: { code: 'not_found', message: 'Programma staat niet (meer) in de prullenbak.' } }, 404),
    });
    render(
      <MemoryRouter
        initialEntries={[
          {
            pathname: '/inhoud/programmes',
            state: { trashed: { type: 'programmes', label: 'Programma', id: '7', title: 'Nachtwacht' } },
          },
        ]}
      >
        <Routes>
          <Route path="/inhoud/:type" element={<ContentListPage permissions={permissions} />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Terugzetten' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.not_found ?? 'not_found');
    expect(screen.getByRole('button', { name: 'Terugzetten' })).toBeInTheDocument();
  });

  it('reads only a well-formed state', () => {
    expect(trashedFrom(null)).toBeUndefined();
    expect(trashedFrom({ trashed: { type: 'programmes', id: 7 } })).toBeUndefined();
    expect(trashedFrom({ trashed: { type: 'programmes', label: 'Programma', id: '7', title: 'N' } })).toEqual(
      {
        type: 'programmes',
        label: 'Programma',
        id: '7',
        title: 'N',
      },
    );
  });
});
