import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '../../api/content-client';
import { programmeItem, programmesType, typeNeeds } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ReviewControls } from './review-controls';

const type = programmesType({
  name: 'articles',
  label: 'Nieuwsartikelen',
  labelSingular: 'Artikel',
  publication: 'dated',
  needs: typeNeeds('dated'),
});
const draft = programmeItem({ id: '12', state: 'draft', published: false, version: 3, author: 'Rita' });
const waiting: ContentItem = {
  ...draft,
  review: { status: 'waiting', by: 'Rita', at: '2026-11-27T19:10:00Z', note: 'Graag vóór twaalf.' },
};
const offerPath = 'POST /api/admin/content/articles/12/offer';
const sendBackPath = 'POST /api/admin/content/articles/12/send-back';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function bodyOf(fetch: ReturnType<typeof server>) {
  const call = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
}

describe('ReviewControls', () => {
  it('offers what the form shows with a note: its changes saved first, then it waits', async () => {
    const fetch = server({ [offerPath]: () => json({ item: waiting }) });
    const saveFirst = vi.fn(() => Promise.resolve({ saved: true as const, item: { ...draft, version: 4 } }));
    const onChanged = vi.fn();
    const { rerender } = render(
      <ReviewControls
        type={type}
        item={draft}
        mayEdit
        mayPublish={false}
        saveFirst={saveFirst}
        onChanged={onChanged}
      />,
    );
    expect(screen.getByText('Nog niet ter beoordeling aangeboden.')).toBeTruthy();
    await userEvent.type(
      screen.getByLabelText('Notitie voor de eindredactie (niet verplicht)'),
      'Graag vóór twaalf.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ter beoordeling aanbieden' }));
    expect(await screen.findByText(/^Ter beoordeling aangeboden\./)).toBeTruthy();
    expect(saveFirst).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetch)).toEqual({ version: 4, note: 'Graag vóór twaalf.' });
    expect(onChanged).toHaveBeenCalledWith(waiting);
    rerender(
      <ReviewControls
        type={type}
        item={waiting}
        mayEdit
        mayPublish={false}
        saveFirst={saveFirst}
        onChanged={onChanged}
      />,
    );
    expect(screen.getByText('Wacht op beoordeling')).toBeTruthy();
    expect(screen.getByText('aangeboden door Rita op 27-11-2026, 20:10')).toBeTruthy();
    expect(screen.getByText('Notitie: Graag vóór twaalf.')).toBeTruthy();
    // Waiting: not offered again, and a redacteur does not send it back.
    expect(screen.queryByRole('button', { name: 'Ter beoordeling aanbieden' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Terugsturen' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Beoordeling' })).toHaveFocus());
  });

  it('offers nothing when the form could not be saved, and says why', async () => {
    const fetch = server({ [offerPath]: () => json({ item: waiting }) });
    const saveFirst = vi.fn(() => Promise.resolve({ saved: false as const }));
    render(
      <ReviewControls
        type={type}
        item={draft}
        mayEdit
        mayPublish={false}
        saveFirst={saveFirst}
        onChanged={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ter beoordeling aanbieden' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Niet aangeboden: je wijzigingen/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a waiting draft back only with a note, and says to whom', async () => {
    const returned: ContentItem = {
      ...draft,
      review: { status: 'returned', by: 'Erik', at: '2026-11-27T19:30:00Z', note: 'Noem de bron.' },
    };
    const fetch = server({ [sendBackPath]: () => json({ item: returned }) });
    const onChanged = vi.fn();
    render(<ReviewControls type={type} item={waiting} mayEdit mayPublish onChanged={onChanged} />);
    const button = screen.getByRole('button', { name: 'Terugsturen' });
    await userEvent.click(button);
    const note = screen.getByLabelText('Wat moet er nog gebeuren? (verplicht)');
    expect(note).toHaveAccessibleDescription('Schrijf op wat er nog aan moet gebeuren.');
    expect(note).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.type(note, 'Noem de bron.');
    await userEvent.click(button);
    expect(await screen.findByText('Teruggestuurd naar Rita, met je notitie.')).toBeTruthy();
    expect(bodyOf(fetch)).toEqual({ version: 3, note: 'Noem de bron.' });
    expect(onChanged).toHaveBeenCalledWith(returned);
  });

  it('shows the author the note of a draft sent back, and offers it again', async () => {
    const returned: ContentItem = {
      ...draft,
      review: { status: 'returned', by: 'Erik', at: '2026-11-27T19:30:00Z', note: 'Noem de bron.' },
    };
    render(<ReviewControls type={type} item={returned} mayEdit mayPublish={false} onChanged={vi.fn()} />);
    expect(screen.getByText('Teruggestuurd')).toBeTruthy();
    expect(screen.getByText('teruggestuurd door Erik op 27-11-2026, 20:30')).toBeTruthy();
    expect(screen.getByText('Wat er nog moet gebeuren: Noem de bron.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ter beoordeling aanbieden' })).toBeTruthy();
  });

  it("shows the server's refusal of a wrong step", async () => {
    server({
      [offerPath]: () =>
        json({ error: { code: 'already_waiting', message: 'Dit item wacht al op beoordeling.' } }, 409),
    });
    render(<ReviewControls type={type} item={draft} mayEdit mayPublish={false} onChanged={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ter beoordeling aanbieden' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});
