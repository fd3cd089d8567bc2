import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetOptions, type ContentItem, type ContentType } from '../../api/content-client';
import { ERROR_MESSAGES } from '../../api/error-messages';
import type { StoredBlock } from '../../components/block-editor/blocks';
import { programmeItem, programmesType, typeNeeds } from '../../test-support/content-fixtures';
import { json } from '../../test-support/fake-server';
import { ContentForm, type SaveFirst } from './content-form';
import { contentSchema, fromFormValues, toFormValues } from './content-schema';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOptions();
});

// jsdom lays nothing out; ProseMirror asks for rectangles when it scrolls the selection into view.
beforeAll(() => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = empty;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.getClientRects = empty;
  document.elementFromPoint = () => null;
});

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

const programmes = programmesType({
  fields: [
    field('name', 'Naam', 'text', true),
    field('slug', 'URL', 'slug', true),
    field('channel', 'Kanaal', 'reference', true),
    field('summary', 'Samenvatting', 'longText'),
  ],
});

const item = programmeItem({
  title: 'Ochtend',
  values: { name: 'Ochtend', slug: 'ochtend', channel: 'radio2', summary: 'Vroeg.' },
});

// The bodies of the PUTs made through a stubbed fetch.
function puts(fetch: ReturnType<typeof vi.fn>): Record<string, unknown>[] {
  return fetch.mock.calls
    .filter(([, init]) => (init as RequestInit).method === 'PUT')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as Record<string, unknown>);
}

// Answers the reference options and hands every other call to `other`.
function stubFetch(other: (url: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn((url: string, init: RequestInit) =>
    url.endsWith('/options')
      ? json({ options: [{ value: 1, slug: 'radio2', label: 'Radio 2' }] })
      : other(url, init),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the slug rule', () => {
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

  it('converts a relation both ways, as numbers for ids and as texts for slugs', () => {
    const relations: ContentType = {
      ...programmes,
      fields: [
        { ...field('presenters', 'Presentatoren', 'relation'), reference: 'presenters', referenceKey: 'id' },
        { ...field('broadcasters', 'Omroepen', 'relation'), reference: 'broadcasters', referenceKey: 'slug' },
      ],
    };
    const form = toFormValues(relations, { presenters: [3, 1], broadcasters: ['vpro'] });
    expect(form).toEqual({ presenters: ['3', '1'], broadcasters: ['vpro'] });
    expect(fromFormValues(relations, { presenters: ['3'], broadcasters: [] }, undefined)).toEqual({
      presenters: [3],
      broadcasters: [],
    });
    expect(toFormValues(relations, undefined)).toEqual({ presenters: [], broadcasters: [] });
  });

  it('edits tags as one line of words separated by commas', () => {
    const tagged: ContentType = {
      ...programmes,
      fields: [{ ...field('tags', 'Tags', 'tags'), maxLength: 50 }],
    };
    expect(toFormValues(tagged, { tags: ['storm', 'verkeer'] })).toEqual({ tags: 'storm, verkeer' });
    expect(fromFormValues(tagged, { tags: ' storm ,, weer ,' }, undefined)).toEqual({
      tags: ['storm', 'weer'],
    });
    expect(fromFormValues(tagged, { tags: '' }, undefined)).toEqual({ tags: [] });
    const schema = contentSchema(tagged);
    expect(schema.safeParse({ tags: 'kort, ook kort' }).success).toBe(true);
    expect(schema.safeParse({ tags: `kort, ${'x'.repeat(51)}` }).error?.issues[0]?.message).toBe(
      'Gebruik hoogstens 20 tags van elk hoogstens 50 tekens.',
    );
  });

  it("keeps the seconds of an instant the editor did not touch (issue 54: saving only 'Volgorde' dropped a countdown's seconds)", () => {
    const timed: ContentType = {
      ...programmes,
      fields: [field('countdownUntil', 'Aftellen tot', 'instant'), field('sortOrder', 'Volgorde', 'integer')],
    };
    const stored = { countdownUntil: '2026-12-31T22:59:45.000Z', sortOrder: 0 };
    const form = toFormValues(timed, stored);
    expect(fromFormValues(timed, { ...form, sortOrder: '2' }, stored)).toEqual({
      countdownUntil: '2026-12-31T22:59:45.000Z',
      sortOrder: 2,
    });
    // A time the editor changed is taken to the minute, as the field shows it.
    const changed = toFormValues(timed, { countdownUntil: '2026-12-31T21:30:00.000Z', sortOrder: 0 });
    expect(fromFormValues(timed, changed, stored).countdownUntil).toBe('2026-12-31T21:30:00.000Z');
    expect(fromFormValues(timed, { ...form, countdownUntil: '' }, stored).countdownUntil).toBeNull();
  });

  it('converts values both ways', () => {
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
    const fetch = stubFetch(() => json({ item: { ...item, id: '8', version: 1 } }, 201));
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

  it('edits a relation as checkboxes of the related items and sends their keys', async () => {
    const withPresenters: ContentType = {
      ...programmes,
      fields: [
        ...programmes.fields,
        { ...field('presenters', 'Presentatoren', 'relation'), reference: 'presenters', referenceKey: 'id' },
      ],
    };
    const fetch = vi.fn((url: string, init: RequestInit) => {
      if (url.endsWith('/presenters/options'))
        return json({
          options: [
            { value: 4, slug: 'anna', label: 'Anna Ansel' },
            { value: 9, slug: 'bram', label: 'Bram Bakker' },
          ],
        });
      if (url.endsWith('/options'))
        return json({ options: [{ value: 1, slug: 'radio2', label: 'Radio 2' }] });
      return init.method === 'PUT' ? json({ item }) : json({});
    });
    vi.stubGlobal('fetch', fetch);
    const onSaved = vi.fn();
    render(
      <ContentForm
        type={withPresenters}
        item={{ ...item, values: { ...item.values, presenters: [9] } }}
        onSaved={onSaved}
      />,
    );
    const group = screen.getByRole('group', { name: 'Presentatoren' });
    const bram = await within(group).findByRole('checkbox', { name: 'Bram Bakker' });
    expect(bram).toBeChecked();
    const anna = within(group).getByRole('checkbox', { name: 'Anna Ansel' });
    expect(anna).not.toBeChecked();
    await userEvent.click(anna);
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = fetch.mock.calls.find(([, init]) => init.method === 'PUT') as [string, RequestInit];
    expect(JSON.parse(put[1].body as string).values.presenters).toEqual([4, 9]);
  });

  it('puts a server field error (a taken slug) on its field', async () => {
    stubFetch(() =>
      json(
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

  it('says beside the slug of a stored item that old links keep working (issue 54)', () => {
    stubFetch(() => json({ item }));
    render(<ContentForm type={programmes} item={item} onSaved={vi.fn()} />);
    expect(screen.getByLabelText('URL (verplicht)')).toHaveAccessibleDescription(
      /Oude links blijven werken: ze verwijzen door naar het nieuwe adres\./,
    );
  });

  it('keeps what was typed on a 409 and saves it over the newer version on request', async () => {
    const current = { ...item, version: 4, values: { ...item.values, summary: 'Van een collega.' } };
    let calls = 0;
    const fetch = stubFetch((_url, init) => {
      if (init.method !== 'PUT') return json({});
      calls += 1;
      return calls === 1
        ? json(
            {
              error: {
                code: 'conflict',
                message: 'Iemand anders heeft dit item intussen opgeslagen.',
                current,
              },
            },
            409,
          )
        : json({ item: { ...current, version: 5 } });
    });
    const onSaved = vi.fn();
    render(<ContentForm type={programmes} item={item} onSaved={onSaved} />);
    const summary = screen.getByLabelText('Samenvatting');
    await userEvent.clear(summary);
    await userEvent.type(summary, 'Mijn tekst.');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    // The admin's own Dutch message of the code (api/error-messages.ts), whatever the server said.
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.conflict ?? 'conflict');
    expect(summary).toHaveValue('Mijn tekst.');
    expect(screen.getByText('Van een collega', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Toch mijn versie opslaan…' }));
    // Nothing is overwritten before the editor saw what of the colleague's version goes.
    expect(puts(fetch)).toHaveLength(1);
    const confirm = screen.getByRole('heading', { name: 'Dit gaat verloren van versie 4' });
    expect(confirm).toHaveFocus();
    expect(
      within(confirm.parentElement as HTMLElement)
        .getByText('Van een collega')
        .closest('del'),
    ).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ja, mijn versie opslaan' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = puts(fetch);
    expect(sent[0]?.version).toBe(3);
    expect(sent[1]).toMatchObject({
      version: 4,
      values: { summary: 'Mijn tekst.' },
    });
  });
});

describe('saving first, for Publiceren', () => {
  it('saves a changed form against its version, nothing for an unchanged one, and says when it could not', async () => {
    const stored = { ...item, version: 4, values: { ...item.values, summary: 'Vroeg. Nieuw.' } };
    const fetch = stubFetch((_url, init) => (init.method === 'PUT' ? json({ item: stored }) : json({})));
    // The item's saves (an autosave is a PUT too, elsewhere).
    const contentPuts = () =>
      fetch.mock.calls
        .filter(([url, init]) => init.method === 'PUT' && url.startsWith('/api/admin/content/'))
        .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
    const saveFirst: { current: SaveFirst | undefined } = { current: undefined };
    const onSaved = vi.fn();
    render(<ContentForm type={programmes} item={item} onSaved={onSaved} saveFirst={saveFirst} />);
    const run = async () => {
      let outcome: Awaited<ReturnType<SaveFirst>> | undefined;
      await act(async () => {
        outcome = await saveFirst.current?.();
      });
      return outcome;
    };

    expect(await run()).toEqual({ saved: true, item: undefined });
    expect(contentPuts()).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Samenvatting'), ' Nieuw.');
    expect(await run()).toEqual({ saved: true, item: stored });
    expect(contentPuts()).toEqual([
      { version: 3, values: expect.objectContaining({ summary: 'Vroeg. Nieuw.' }) },
    ]);
    expect(onSaved).toHaveBeenCalledWith(stored);

    // A required field left empty: nothing is saved, and the field says why.
    await userEvent.clear(screen.getByLabelText('Naam (verplicht)'));
    expect(await run()).toEqual({ saved: false });
    expect(contentPuts()).toHaveLength(1);
    expect(screen.getByLabelText('Naam (verplicht)')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('merging after a 409', () => {
  it('takes what only one side changed, asks where both did, and saves against the newer version', async () => {
    // Eva changed the summary and the channel; this editor the name and the summary.
    const current = {
      ...item,
      version: 4,
      values: { ...item.values, summary: 'Van een collega.', channel: 'radio5' },
    };
    let calls = 0;
    const fetch = stubFetch((_url, init) => {
      if (init.method !== 'PUT') return json({});
      calls += 1;
      return calls === 1
        ? json({ error: { code: 'conflict', message: 'Conflict.', current } }, 409)
        : json({ item: { ...current, version: 5 } });
    });
    const onSaved = vi.fn();
    render(<ContentForm type={programmes} item={item} onSaved={onSaved} />);
    const name = screen.getByLabelText('Naam (verplicht)');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ochtendshow');
    const summary = screen.getByLabelText('Samenvatting');
    await userEvent.clear(summary);
    await userEvent.type(summary, 'Mijn tekst.');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Samenvoegen' }));
    expect(screen.getByRole('heading', { name: 'Samengevoegd met versie 4' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('nog niet opgeslagen');
    // Nothing was saved by the merge.
    expect(puts(fetch)).toHaveLength(1);
    expect(name).toHaveValue('Ochtendshow');
    expect(summary).toHaveValue('Mijn tekst.');
    const choice = screen.getByRole('group', { name: /Samenvatting: jullie wijzigden dit allebei/ });
    await userEvent.click(
      within(choice).getByRole('radio', { name: /Versie van je collega: Van een collega\./ }),
    );
    expect(summary).toHaveValue('Van een collega.');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts(fetch)[1]).toMatchObject({
      version: 4,
      values: { name: 'Ochtendshow', summary: 'Van een collega.', channel: 'radio5' },
    });
  });
});

const articles: ContentType = {
  name: 'articles',
  label: 'Nieuwsartikelen',
  labelSingular: 'Artikel',
  titleField: 'title',
  slugField: 'slug',
  publication: 'dated',
  revisions: true,
  settings: false,
  preview: false,
  archivable: false,
  needs: typeNeeds('dated'),
  origin: '',
  fields: [
    field('title', 'Titel', 'text', true),
    { ...field('slug', 'URL', 'slug', true), immutable: true },
    field('intro', 'Intro', 'longText', true),
    { ...field('body', 'Tekst', 'blocks'), maxLength: 500000 },
  ],
};

// Every kind of block the store knows, in an order the old form would have changed (paragraphs
// after other blocks), with html the editor would write differently (<b>, a rel attribute) and
// fields the editor does not show (an image's width, an unknown block type).
const body: StoredBlock[] = [
  { type: 'heading', text: 'Nieuwe studio' },
  {
    type: 'paragraph',
    text: 'Lees het hele verhaal op onze site.',
    html: 'Lees het <b>hele</b> <em>verhaal</em> op <a href="https://ether.example/nieuws" rel="noopener">onze site</a>.',
  },
  {
    type: 'image',
    url: '/uploads/images/abc/f500-500/w_1080.webp',
    alt: 'De studio',
    caption: 'De nieuwe studio',
    credit: 'Foto: Anna',
    media: 12,
    width: 1080,
  },
  { type: 'paragraph', text: 'Een gewone alinea.' },
  { type: 'quote', text: 'Radio is de mooiste uitvinding.', cite: 'Een luisteraar' },
  { type: 'fragment', fragment: 'interview-met-de-burgemeester' },
  { type: 'video', video: 'studio-sessie' },
  {
    type: 'social',
    network: 'instagram',
    url: 'https://www.instagram.com/p/abc/',
    text: 'Achter de schermen',
  },
  { type: 'poll', question: 'Wat vindt u?', options: ['ja', 'nee'] },
];

const article: ContentItem = {
  id: '21',
  version: 2,
  title: 'Nieuwe studio',
  state: 'draft',
  published: false,
  publishAt: null,
  unpublishAt: null,
  values: { title: 'Nieuwe studio', slug: 'nieuwe-studio', intro: 'Vandaag.', body },
};

// Renders the article's form, lets `edit` change it, saves and answers the body that was sent.
async function savedBody(edit: () => Promise<void>): Promise<string> {
  const fetch = stubFetch((_url, init) =>
    json({ item: { ...article, version: 3, values: JSON.parse(init.body as string).values } }),
  );
  const onSaved = vi.fn();
  render(<ContentForm type={articles} item={article} onSaved={onSaved} />);
  await screen.findByLabelText('Bijschrift');
  await edit();
  await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  const put = fetch.mock.calls.find(([, init]) => init.method === 'PUT') as [string, RequestInit];
  const sent = JSON.parse(put[1].body as string) as { version: number; values: { body: unknown } };
  expect(sent.version).toBe(2);
  return JSON.stringify(sent.values.body);
}

describe("an article's blocks in ContentForm", () => {
  it('go from the stored values to the form and back unchanged', () => {
    const form = toFormValues(articles, article.values);
    const out = fromFormValues(articles, form, article.values);
    expect(JSON.stringify(out['body'])).toBe(JSON.stringify(body));
    expect(fromFormValues(articles, toFormValues(articles, undefined), undefined)['body']).toEqual([]);
  });

  it('are shown in the block editor, labelled by the field', async () => {
    stubFetch(() => json({}));
    render(<ContentForm type={articles} item={article} onSaved={vi.fn()} />);
    const text = await screen.findByRole('textbox', { name: 'Tekst' });
    expect(text).toHaveAttribute('contenteditable', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Nieuwe studio' })).toBeInTheDocument();
    expect(screen.getByText('hele').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'onze site' })).toHaveAttribute(
      'href',
      'https://ether.example/nieuws',
    );
    expect(screen.getByLabelText('Fotograaf of bron')).toHaveValue('Foto: Anna');
    expect(screen.getByLabelText('Wie zei het')).toHaveValue('Een luisteraar');
    expect(screen.getByText("Blok 'poll'")).toBeInTheDocument();
  });

  it('are saved exactly as loaded when another field is edited', async () => {
    const sent = await savedBody(async () => {
      const title = screen.getByLabelText('Titel (verplicht)');
      await userEvent.clear(title);
      await userEvent.type(title, 'Een andere titel');
    });
    expect(sent).toBe(JSON.stringify(body));
  });

  it('keep their order and fields when one block is edited', async () => {
    const sent = await savedBody(async () => {
      const caption = screen.getByLabelText('Bijschrift');
      await userEvent.clear(caption);
      await userEvent.type(caption, 'Studio 1');
    });
    const expected = body.map((block, index) => (index === 2 ? { ...block, caption: 'Studio 1' } : block));
    expect(JSON.parse(sent)).toEqual(expected);
    // Every other block byte for byte, the html paragraph's own markup included.
    const blocks = JSON.parse(sent) as unknown[];
    for (const [index, block] of body.entries())
      if (index !== 2) expect(JSON.stringify(blocks[index])).toBe(JSON.stringify(block));
  });

  it("show the server's error about them on the editor and focus its text", async () => {
    stubFetch(() =>
      json(
        {
          error: {
            code: 'invalid',
            message: 'Niet alle velden zijn goed ingevuld.',
            fields: { body: 'De tekst is te lang.' },
          },
        },
        400,
      ),
    );
    render(<ContentForm type={articles} item={article} onSaved={vi.fn()} />);
    const text = await screen.findByRole('textbox', { name: 'Tekst' });
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(text).toHaveFocus());
    expect(text).toHaveAccessibleDescription('De tekst is te lang.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keep the order of the rest when a block is removed', async () => {
    const sent = await savedBody(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Citaat verwijderen' }));
    });
    expect(sent).toBe(JSON.stringify(body.filter((block) => block.type !== 'quote')));
  });
});
