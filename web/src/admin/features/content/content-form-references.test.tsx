import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOptions, type FieldValue } from '../../api/content-client';
import { contentField, programmeItem, programmesType } from '../../test-support/content-fixtures';
import { json } from '../../test-support/fake-server';
import { ContentForm } from './content-form';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOptions();
});

// An article-like type: a required slug reference and an optional id reference.
const type = programmesType({
  name: 'articles',
  titleField: 'title',
  slugField: '',
  fields: [
    contentField('title', 'Titel', 'text', { required: true }),
    contentField('category', 'Categorie', 'reference', {
      required: true,
      reference: 'news-categories',
      referenceKey: 'slug',
    }),
    contentField('programme', 'Programma', 'reference', { reference: 'programmes' }),
  ],
});
const item = programmeItem({
  id: '12',
  title: 'Storm',
  values: { title: 'Storm', category: 'verkeer', programme: 5 },
});

// The options arrive a moment after the form is drawn, as they do from the server.
function serverWithSlowOptions(saved: (values: Record<string, FieldValue>) => void) {
  const later = <T,>(body: T) =>
    new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(JSON.stringify(body))), 30));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.endsWith('/news-categories/options'))
        return later({
          options: [
            { value: 'cultuur', slug: 'cultuur', label: 'Cultuur' },
            { value: 'verkeer', slug: 'verkeer', label: 'Verkeer' },
          ],
        });
      if (url.endsWith('/programmes/options'))
        return later({
          options: [
            { value: 4, slug: 'ochtend', label: 'Ochtend' },
            { value: 5, slug: 'avond', label: 'Avond' },
          ],
        });
      if (url.startsWith('/api/admin/content/articles/12') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { values: Record<string, FieldValue> };
        saved(body.values);
        return json({ item: { ...item, version: item.version + 1, values: body.values } });
      }
      return json({ autosave: null });
    }),
  );
}

describe('reference selects in ContentForm', () => {
  it('show the stored choice once their options arrive, and save it unchanged', async () => {
    const saves: Record<string, FieldValue>[] = [];
    serverWithSlowOptions((values) => saves.push(values));
    render(<ContentForm type={type} item={item} onSaved={() => undefined} />);
    const category = screen.getByLabelText<HTMLSelectElement>('Categorie (verplicht)');
    const programme = screen.getByLabelText<HTMLSelectElement>('Programma');
    await waitFor(() => expect(category.options).toHaveLength(3));
    await waitFor(() => expect(programme.options).toHaveLength(3));
    expect(category.selectedOptions[0]?.textContent).toBe('Verkeer');
    expect(programme.selectedOptions[0]?.textContent).toBe('Avond');

    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ category: 'verkeer', programme: 5 });
  });

  it('stand beside the text in a settings form of their own on a wide screen, and save with it', async () => {
    const saves: Record<string, FieldValue>[] = [];
    serverWithSlowOptions((values) => saves.push(values));
    const side = document.body.appendChild(document.createElement('div'));
    render(<ContentForm type={type} item={item} side={side} onSaved={() => undefined} />);
    const settings = within(side).getByRole('form', { name: 'Instellingen' });
    const programme = within(settings).getByLabelText<HTMLSelectElement>('Programma');
    await waitFor(() => expect(programme.options).toHaveLength(3));
    expect(within(side).queryByLabelText('Titel (verplicht)')).toBeNull();
    const main = screen.getByRole('form', { name: 'Gegevens' });
    expect(within(main).getByLabelText('Titel (verplicht)')).toHaveValue('Storm');
    expect(within(main).queryByLabelText('Programma')).toBeNull();

    // A change beside the text is saved by the form's own button, with the text.
    await userEvent.selectOptions(programme, '4');
    await userEvent.clear(within(main).getByLabelText('Titel (verplicht)'));
    await userEvent.type(within(main).getByLabelText('Titel (verplicht)'), 'Storm voorbij');
    await userEvent.click(within(main).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ title: 'Storm voorbij', category: 'verkeer', programme: 4 });
    side.remove();
  });
});
