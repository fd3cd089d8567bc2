import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetOptions } from '../../api/content-client';
import { contentField, programmeItem, programmesType } from '../../test-support/content-fixtures';
import { json } from '../../test-support/fake-server';
import { letTimePass, startFakeClock } from '../../../test/fake-clock';
import { autosaveTiming } from './autosave';
import { ContentForm } from './content-form';

const type = programmesType({
  fields: [
    contentField('name', 'Naam', 'text', { required: true }),
    contentField('summary', 'Samenvatting', 'longText'),
  ],
  slugField: '',
});
const item = programmeItem({
  id: '7',
  version: 3,
  title: 'Ochtend',
  values: { name: 'Ochtend', summary: 'Vroeg.' },
});
const path = '/api/admin/autosaves/programmes/7';

beforeEach(() => {
  autosaveTiming.delayMs = 20;
});
afterEach(() => {
  vi.useRealTimers();
  autosaveTiming.delayMs = 3000;
  vi.unstubAllGlobals();
  forgetOptions();
});

// The autosave routes of one item: `kept` answers GET; PUTs and DELETEs are recorded, and so are
// saves of the item, which answer `saved`.
function autosaveServer(kept: unknown = null, saved: unknown = item) {
  const calls: { method: string; body: unknown }[] = [];
  const saves: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/admin/content/programmes/7' && method === 'PUT') {
        saves.push(JSON.parse(String(init?.body)));
        return json({ item: saved });
      }
      if (url !== path) return json({ error: { code: 'not_found' } }, 404);
      calls.push({ method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET') return json({ autosave: kept });
      if (method === 'PUT') return json({ savedAt: '2026-11-25T09:42:00Z' });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  return Object.assign(calls, { saves });
}

describe('ContentForm autosave', () => {
  it('keeps the typed values on the server a moment after a change and says when', async () => {
    const calls = autosaveServer();
    render(<ContentForm type={type} item={item} onSaved={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Samenvatting'), ' En laat.');
    expect(await screen.findByText('Automatisch opgeslagen om 10:42')).toBeTruthy();
    // Sent while typing, and once more after the last key.
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
        values: { name: 'Ochtend', summary: 'Vroeg. En laat.' },
        itemVersion: 3,
        // What the changed field held in version 3, to merge against when restored later.
        baseValues: { summary: 'Vroeg.' },
      }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ itemVersion: 3 });
  });

  it('sends nothing for a form that was not changed', async () => {
    startFakeClock();
    const calls = autosaveServer();
    render(<ContentForm type={type} item={item} onSaved={() => undefined} />);
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['GET']));
    // Many times the autosave's delay: a save that waited for it would be out.
    await letTimePass(autosaveTiming.delayMs * 50);
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('offers a kept version that differs from the item, and restores it into the form', async () => {
    autosaveServer({
      values: { name: 'Ochtend', summary: 'Na de crash.' },
      itemVersion: 3,
      savedAt: '2026-11-25T09:42:00Z',
    });
    render(<ContentForm type={type} item={item} onSaved={() => undefined} />);
    expect(
      await screen.findByText('Er is een automatisch opgeslagen versie van 10:42 (op versie 3).'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Herstellen' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Samenvatting').value).toBe('Na de crash.');
    expect(screen.queryByRole('button', { name: 'Herstellen' })).toBeNull();
  });

  it('restores a version typed on an older version as a conflict with the newer one, merged against the older', async () => {
    // Version 2 was called 'Ochtendshow'; a colleague renamed it in version 3 ('Ochtend'), after
    // this editor typed a new summary on version 2.
    const calls = autosaveServer(
      {
        values: { name: 'Ochtendshow', summary: 'Na de crash.' },
        itemVersion: 2,
        baseValues: { summary: 'Vroeg.' },
        savedAt: '2026-11-25T09:42:00Z',
      },
      { ...item, version: 4, values: { name: 'Ochtend', summary: 'Na de crash.' } },
    );
    render(<ContentForm type={type} item={item} onSaved={() => undefined} />);
    expect(
      await screen.findByText(
        'Er is een automatisch opgeslagen versie van 10:42, getypt op versie 2. Daarna is versie 3 ' +
          'opgeslagen: na Herstellen zie je wat er sindsdien veranderde en voeg je samen.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Herstellen' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Samenvatting').value).toBe('Na de crash.');
    expect(screen.getByRole('heading', { name: 'Nu opgeslagen door een collega (versie 3)' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Hersteld van versie 2, maar intussen is versie 3/,
    );

    // The merge takes the colleague's name and keeps the restored summary; saved on version 3.
    await userEvent.click(screen.getByRole('button', { name: 'Samenvoegen' }));
    expect(screen.getByLabelText<HTMLInputElement>('Naam (verplicht)').value).toBe('Ochtend');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Samenvatting').value).toBe('Na de crash.');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(calls.saves).toEqual([{ version: 3, values: { name: 'Ochtend', summary: 'Na de crash.' } }]),
    );
  });

  it('throws a kept version away on request', async () => {
    const calls = autosaveServer({
      values: { name: 'Ochtend', summary: 'Weg ermee.' },
      itemVersion: 3,
      savedAt: '2026-11-25T09:42:00Z',
    });
    render(<ContentForm type={type} item={item} onSaved={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Weggooien' }));
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['GET', 'DELETE']));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Samenvatting').value).toBe('Vroeg.');
  });
});
