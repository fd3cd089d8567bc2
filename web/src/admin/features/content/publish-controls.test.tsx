import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { programmeItem, programmesType } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { PublishControls } from './publish-controls';

const type = programmesType({ publication: 'switched' });
const draft = programmeItem({ state: 'draft', published: false, version: 3 });
const publishPath = 'POST /api/admin/content/programmes/7/publish';
const unpublishPath = 'POST /api/admin/content/programmes/7/unpublish';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function publishedBody(fetch: ReturnType<typeof server>) {
  const call = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
}

describe('PublishControls', () => {
  it('publishes what the form shows: its unsaved changes are saved first, and the focus stays', async () => {
    const fetch = server({
      [publishPath]: () => json({ item: { ...draft, version: 5, state: 'online', published: true } }),
    });
    const saveFirst = vi.fn(() => Promise.resolve({ saved: true as const, item: { ...draft, version: 4 } }));
    const onChanged = vi.fn();
    render(
      <PublishControls type={type} item={draft} canPublish saveFirst={saveFirst} onChanged={onChanged} />,
    );
    const button = screen.getByRole('button', { name: 'Publiceren' });
    await userEvent.click(button);
    expect(await screen.findByText('Opgeslagen en gepubliceerd.')).toBeTruthy();
    expect(saveFirst).toHaveBeenCalledTimes(1);
    // Published on the version the save made.
    expect(publishedBody(fetch)).toMatchObject({ version: 4, publishAt: null });
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ version: 5, state: 'online' }));
    expect(button).toHaveFocus();
  });

  it('publishes nothing when the form could not be saved, and says why', async () => {
    const fetch = server({ [publishPath]: () => json({ item: draft }) });
    const saveFirst = vi.fn(() => Promise.resolve({ saved: false as const }));
    render(<PublishControls type={type} item={draft} canPublish saveFirst={saveFirst} onChanged={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Publiceren' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Niet gepubliceerd: je wijzigingen in het formulier zijn nog niet opgeslagen\./,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('publishes nothing on Enter in a moment field', async () => {
    const fetch = server({ [publishPath]: () => json({ item: draft }) });
    const saveFirst = vi.fn(() => Promise.resolve({ saved: true as const, item: undefined }));
    render(<PublishControls type={type} item={draft} canPublish saveFirst={saveFirst} onChanged={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Publiceren vanaf (leeg: nu)'), '{Enter}');
    await userEvent.type(screen.getByLabelText('Offline halen op (leeg: nooit)'), '{Enter}');
    expect(saveFirst).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers a redacteur no publication, only the state and who publishes', () => {
    const fetch = server({});
    const { rerender } = render(
      <PublishControls type={type} item={draft} canPublish={false} onChanged={vi.fn()} />,
    );
    expect(screen.getByText('Status:', { exact: false }).textContent).toBe('Status: Concept');
    expect(
      screen.getByText('Een eindredacteur publiceert wat je schrijft: bied het ter beoordeling aan.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Publiceren vanaf (leeg: nu)')).toBeNull();
    rerender(
      <PublishControls
        type={type}
        item={programmeItem({ state: 'online', published: true })}
        canPublish={false}
        onChanged={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Offline halen' })).toBeNull();
    expect(screen.getByText('Een eindredacteur beslist over de publicatie.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps a typed moment through a save of the form, and fills the fields from a new publication', async () => {
    server({});
    const { rerender } = render(<PublishControls type={type} item={draft} canPublish onChanged={vi.fn()} />);
    const until = screen.getByLabelText<HTMLInputElement>('Offline halen op (leeg: nooit)');
    await userEvent.type(until, '2026-12-01T10:00');
    rerender(<PublishControls type={type} item={{ ...draft, version: 4 }} canPublish onChanged={vi.fn()} />);
    expect(until.value).toBe('2026-12-01T10:00');
    rerender(
      <PublishControls
        type={type}
        item={{ ...draft, version: 5, state: 'online', published: true }}
        canPublish
        onChanged={vi.fn()}
      />,
    );
    expect(until.value).toBe('');
  });
  it('asks before taking a published item offline; no changes nothing, yes takes it offline', async () => {
    const online = programmeItem({ title: 'Nachtwacht', state: 'online', published: true, version: 3 });
    const fetch = server({
      [unpublishPath]: () => json({ item: { ...online, version: 4, state: 'offline', published: false } }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const onChanged = vi.fn();
    render(<PublishControls type={type} item={online} canPublish onChanged={onChanged} />);
    const button = screen.getByRole('button', { name: 'Offline halen' });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(
      "Programma 'Nachtwacht' offline halen? Het verdwijnt meteen van de site; met Publiceren zet je het er weer op.",
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ published: false })),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0] as [string, RequestInit])[0]).toBe(
      '/api/admin/content/programmes/7/unpublish',
    );
  });
});
