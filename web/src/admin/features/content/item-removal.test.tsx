import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../api/error-messages';
import { programmeItem, programmesType } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ItemRemoval } from './item-removal';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = (archivable: boolean) => programmesType({ archivable });

const item = programmeItem({
  title: 'Nachtwacht',
  archived: false,
  archivedAt: null,
  usedBy: 2,
  values: { name: 'Nachtwacht', slug: 'nachtwacht' },
});

const ARCHIVE = 'POST /api/admin/content/programmes/7/archive';
const UNARCHIVE = 'POST /api/admin/content/programmes/7/unarchive';
const DELETE = 'DELETE /api/admin/content/programmes/7?version=3';
const deleted = () => Promise.resolve(new Response(null, { status: 204 }));

describe('ItemRemoval', () => {
  it('offers archiving instead of a delete for an item in use, and asks first in Dutch', async () => {
    const fetch = server({ [ARCHIVE]: () => json({ item: { ...item, version: 4, archived: true } }) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const onChanged = vi.fn();
    render(<ItemRemoval type={type(true)} item={item} onChanged={onChanged} onDeleted={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        /Programma 'Nachtwacht' wordt nog 2 keer gebruikt en kan daarom niet worden verwijderd/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Archiveren' }));
    expect(confirm).toHaveBeenCalledWith(
      "Programma 'Nachtwacht' archiveren? Het verdwijnt van de site, maar blijft bewaard en kan later worden teruggezet.",
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ archived: true })));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/content/programmes/7/archive');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ version: 3 });
  });

  it('keeps the focus on the button after archiving and restoring', async () => {
    server({
      [ARCHIVE]: () => json({ item: { ...item, version: 4, archived: true } }),
      [UNARCHIVE]: () => json({ item: { ...item, version: 5, archived: false } }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    function Page() {
      const [current, setCurrent] = useState(item);
      return <ItemRemoval type={type(true)} item={current} onChanged={setCurrent} onDeleted={vi.fn()} />;
    }
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Archiveren' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Terugzetten' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Terugzetten' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Archiveren' })).toHaveFocus());
  });

  it('does nothing when the question is answered no', async () => {
    const fetch = server({ [ARCHIVE]: () => json({ item }) });
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    render(<ItemRemoval type={type(true)} item={item} onChanged={vi.fn()} onDeleted={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Archiveren' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts an archived item back', async () => {
    const fetch = server({ [UNARCHIVE]: () => json({ item: { ...item, version: 5, archived: false } }) });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const onChanged = vi.fn();
    render(
      <ItemRemoval
        type={type(true)}
        item={{ ...item, archived: true, version: 4 }}
        onChanged={onChanged}
        onDeleted={vi.fn()}
      />,
    );
    expect(screen.getByText('Gearchiveerd: niet op de site, wel bewaard.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archiveren' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Terugzetten' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect((fetch.mock.calls[0] as [string, RequestInit])[0]).toBe(
      '/api/admin/content/programmes/7/unarchive',
    );
  });

  it('deletes an item nothing refers to after a Dutch question, and shows a refusal', async () => {
    const fetch = server({ [DELETE]: deleted });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const onDeleted = vi.fn();
    const { unmount } = render(
      <ItemRemoval
        type={type(false)}
        item={{ ...item, usedBy: 0 }}
        onChanged={vi.fn()}
        onDeleted={onDeleted}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Archiveren' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    expect(confirm).toHaveBeenCalledWith(
      "Programma 'Nachtwacht' verwijderen? Het gaat van de site naar de prullenbak, waaruit een eindredacteur of beheerder het kan terugzetten.",
    );
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect((fetch.mock.calls[0] as [string, RequestInit])[0]).toBe(
      '/api/admin/content/programmes/7?version=3',
    );
    unmount();

    server({
      [DELETE]: () =>
        json({ error: { code: 'in_use', message: 'Programma wordt nog gebruikt (1 keer).' } }, 409),
    });
    render(
      <ItemRemoval
        type={type(false)}
        item={{ ...item, usedBy: 0 }}
        onChanged={vi.fn()}
        onDeleted={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.in_use ?? 'in_use');
  });
});
