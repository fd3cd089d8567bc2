import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem, ContentType } from '../../api/content-client';
import { ContentForm, suggestSlug } from './content-form';
import { contentSchema, fromFormValues, textToBlocks, toFormValues } from './content-schema';

afterEach(() => vi.unstubAllGlobals());

const field = (
  name: string,
  label: string,
  kind: ContentType['fields'][number]['kind'],
  required = false,
) => ({
  name,
  label,
  kind,
  required,
  immutable: false,
  maxLength: kind === 'slug' ? 64 : 200,
  choices: [],
  reference: kind === 'reference' ? 'channels' : '',
  referenceKey: kind === 'reference' ? 'slug' : 'id',
});

const programmes: ContentType = {
  name: 'programmes',
  label: "Programma's",
  labelSingular: 'Programma',
  titleField: 'name',
  slugField: 'slug',
  publication: 'none',
  revisions: false,
  settings: false,
  preview: false,
  fields: [
    field('name', 'Naam', 'text', true),
    field('slug', 'URL', 'slug', true),
    field('channel', 'Kanaal', 'reference', true),
    field('summary', 'Samenvatting', 'longText'),
  ],
};

const item: ContentItem = {
  id: '7',
  version: 3,
  title: 'Ochtend',
  state: 'online',
  published: true,
  publishAt: null,
  unpublishAt: null,
  values: { name: 'Ochtend', slug: 'ochtend', channel: 'radio2', summary: 'Vroeg.' },
};

function answer(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

// Answers the reference options and hands every other call to `other`.
function stubFetch(other: (url: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn((url: string, init: RequestInit) =>
    url.endsWith('/options')
      ? answer({ options: [{ value: 1, slug: 'radio2', label: 'Radio 2' }] })
      : other(url, init),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the slug rule and suggestion', () => {
  it('suggests the §5 slug of a title', () => {
    expect(suggestSlug('  Café de Nacht! ')).toBe('cafe-de-nacht');
    expect(suggestSlug('- Top 40 -')).toBe('top-40');
    expect(suggestSlug('x'.repeat(80))).toHaveLength(64);
  });

  it('answers the exact messages of §5', () => {
    const schema = contentSchema(programmes);
    const messages = (slug: string) =>
      schema
        .safeParse({ name: 'A', slug, channel: 'radio2', summary: '' })
        .error?.issues.map((issue) => issue.message);
    expect(messages('')).toEqual(['Vul een URL in']);
    expect(messages('Grote Letters')).toEqual([
      'De URL mag alleen kleine letters en liggende streepjes bevatten',
    ]);
    expect(messages('goed-zo')).toBeUndefined();
  });

  it('keeps blocks it does not edit and converts values both ways', () => {
    const blocks = textToBlocks('Een.\n\nTwee.', [
      { type: 'paragraph', text: 'oud' },
      { type: 'image', url: '/a.webp' },
    ]);
    expect(blocks).toEqual([
      { type: 'paragraph', text: 'Een.' },
      { type: 'paragraph', text: 'Twee.' },
      { type: 'image', url: '/a.webp' },
    ]);
    const form = toFormValues(programmes, item.values);
    expect(fromFormValues(programmes, { ...form, channel: '' }, item.values)).toEqual({
      name: 'Ochtend',
      slug: 'ochtend',
      channel: null,
      summary: 'Vroeg.',
    });
  });
});

describe('ContentForm', () => {
  it('suggests the slug from the title, shows the slug message inline and focuses it', async () => {
    const fetch = stubFetch(() => answer({ item: { ...item, id: '8', version: 1 } }, 201));
    const onSaved = vi.fn();
    render(<ContentForm type={programmes} onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('Naam (verplicht)'), 'Café de Nacht');
    const slug = screen.getByLabelText('URL (verplicht)');
    expect(slug).toHaveValue('cafe-de-nacht');

    await userEvent.clear(slug);
    await userEvent.type(slug, 'Foute URL');
    await userEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(slug).toHaveFocus());
    expect(slug).toHaveAccessibleDescription(
      'Kleine letters, cijfers en liggende streepjes; voorgesteld uit de titel. De URL mag alleen kleine letters en liggende streepjes bevatten',
    );
    // The title no longer overwrites a slug typed by hand.
    await userEvent.type(screen.getByLabelText('Naam (verplicht)'), '!');
    expect(slug).toHaveValue('Foute URL');

    await userEvent.clear(slug);
    await userEvent.type(slug, 'nacht');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Radio 2' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Kanaal (verplicht)'), 'radio2');
    await userEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = fetch.mock.calls.find(([, init]) => init.method === 'POST') as [string, RequestInit];
    expect(post[0]).toBe('/api/admin/content/programmes');
    expect(JSON.parse(post[1].body as string)).toEqual({
      values: { name: 'Café de Nacht!', slug: 'nacht', channel: 'radio2', summary: '' },
    });
  });

  it('puts a server field error (a taken slug) on its field', async () => {
    stubFetch(() =>
      answer(
        {
          error: {
            code: 'invalid',
            message: 'Niet alle velden zijn goed ingevuld.',
            fields: { slug: 'Deze URL is al in gebruik. Kies een andere.' },
          },
        },
        400,
      ),
    );
    render(<ContentForm type={programmes} item={item} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    const slug = screen.getByLabelText('URL (verplicht)');
    await waitFor(() => expect(slug).toHaveFocus());
    expect(slug).toHaveAccessibleDescription(/Deze URL is al in gebruik/);
  });

  it('keeps what was typed on a 409 and saves it over the newer version on request', async () => {
    const current = { ...item, version: 4, values: { ...item.values, summary: 'Van een collega.' } };
    let calls = 0;
    const fetch = stubFetch((_url, init) => {
      if (init.method !== 'PUT') return answer({});
      calls += 1;
      return calls === 1
        ? answer(
            {
              error: {
                code: 'conflict',
                message: 'Iemand anders heeft dit item intussen opgeslagen.',
                current,
              },
            },
            409,
          )
        : answer({ item: { ...current, version: 5 } });
    });
    const onSaved = vi.fn();
    render(<ContentForm type={programmes} item={item} onSaved={onSaved} />);
    const summary = screen.getByLabelText('Samenvatting');
    await userEvent.clear(summary);
    await userEvent.type(summary, 'Mijn tekst.');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Iemand anders heeft dit item intussen opgeslagen.',
    );
    expect(summary).toHaveValue('Mijn tekst.');
    expect(screen.getByText('Van een collega.', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Toch mijn versie opslaan' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const puts = fetch.mock.calls.filter(([, init]) => init.method === 'PUT');
    expect(JSON.parse((puts[0] as [string, RequestInit])[1].body as string).version).toBe(3);
    expect(JSON.parse((puts[1] as [string, RequestInit])[1].body as string)).toMatchObject({
      version: 4,
      values: { summary: 'Mijn tekst.' },
    });
  });
});
