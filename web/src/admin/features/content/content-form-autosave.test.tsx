import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetOptions } from '../../api/content-client';
import { contentField, programmeItem, programmesType } from '../../test-support/content-fixtures';
import { json } from '../../test-support/fake-server';
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
  autosaveTiming.delayMs = 3000;
  vi.unstubAllGlobals();
  forgetOptions();
});

// The autosave routes of one item: `kept` answers GET; PUTs and DELETEs are recorded.
function autosaveServer(kept: unknown = null) {
  const calls: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url !== path) return json({ error: { code: 'not_found' } }, 404);
      calls.push({ method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET') return json({ autosave: kept });
      if (method === 'PUT') return json({ savedAt: '2026-11-25T09:42:00Z' });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  return calls;
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
      }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ itemVersion: 3 });
  });

  it('sends nothing for a form that was not changed', async () => {
    const calls = autosaveServer();
    render(<ContentForm type={type} item={item} onSaved={() => undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('offers a kept version that differs from the item, and restores it into the form', async () => {
    autosaveServer({
      values: { name: 'Ochtend', summary: 'Na de crash.' },
      itemVersion: 3,
      savedAt: '2026-11-25T09:42:00Z',
    });
    render(<ContentForm type={type} item={item} onSaved={() => undefined} />);
    expect(await screen.findByText('Er is een automatisch opgeslagen versie van 10:42.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Herstellen' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Samenvatting').value).toBe('Na de crash.');
    expect(screen.queryByRole('button', { name: 'Herstellen' })).toBeNull();
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
