import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem, ContentType, Revision } from '../../api/content-client';
import { json } from '../../test-support/fake-server';
import { RevisionList } from './revision-list';

afterEach(() => vi.unstubAllGlobals());

const field = (name: string, label: string, kind: ContentType['fields'][number]['kind']) => ({
  name,
  label,
  kind,
  required: false,
  immutable: false,
  maxLength: 500000,
  choices: [],
  reference: '',
  referenceKey: 'id',
});

const articles = {
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
  origin: '',
  fields: [field('title', 'Titel', 'text'), field('body', 'Tekst', 'blocks')],
} as unknown as ContentType;

const p = (text: string) => ({ type: 'paragraph', text });

const item: ContentItem = {
  id: '7',
  version: 3,
  title: 'Storm',
  state: 'online',
  published: true,
  publishAt: null,
  unpublishAt: null,
  values: { title: 'Storm', body: [p('De storm is voorbij.')] },
};

const revision = (id: number, at: string, extra: Partial<Revision> = {}): Revision => ({
  id,
  itemVersion: id,
  createdAt: at,
  userName: 'Eva',
  title: 'Storm',
  label: null,
  changedFields: ['body'],
  ...extra,
});

const list = [
  revision(3, '2026-11-25T10:03:27Z'),
  revision(2, '2026-11-25T10:01:05Z', { label: 'Voor de correctie' }),
  revision(1, '2026-11-25T10:00:00Z', { changedFields: null }),
];

function stub(routes: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetch = vi.fn((url: string, init: RequestInit = {}) => Promise.resolve(routes(url, init)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const withTypo = {
  ...revision(2, '2026-11-25T10:01:05Z', { label: 'Voor de correctie' }),
  values: { title: 'Storm', body: [p('De strom is voorbij.')] },
};

describe('RevisionList', () => {
  it('tells rows with the same title apart: to the second, the label and what changed', async () => {
    stub(() => json({ revisions: list }));
    render(<RevisionList type={articles} item={item} onRestored={vi.fn()} onDraft={vi.fn()} />);
    await screen.findByText('Label: Voor de correctie');
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('25-11-2026, 11:03:27');
    expect(rows[2]).toHaveTextContent('Label: Voor de correctie');
    expect(rows[2]).toHaveTextContent('Tekst');
    expect(rows[3]).toHaveTextContent('Eerste versie in de lijst');
  });

  it('asks before restoring, shows the diff against what is stored and restores as a draft without saving', async () => {
    const fetch = stub((url) =>
      url.endsWith('/revisions/2') ? json({ revision: withTypo }) : json({ revisions: list }),
    );
    const onDraft = vi.fn();
    const onRestored = vi.fn();
    render(<RevisionList type={articles} item={item} onRestored={onRestored} onDraft={onDraft} />);
    await userEvent.click(
      await screen.findByRole('button', { name: /Terugzetten… naar “Voor de correctie”/ }),
    );
    const heading = await screen.findByRole('heading', { name: /terugzetten\?/ });
    expect(heading).toHaveFocus();
    const panel = heading.parentElement as HTMLElement;
    expect(within(panel).getByText('strom').closest('ins')).not.toBeNull();
    expect(within(panel).getByText('storm').closest('del')).not.toBeNull();
    expect(panel).toHaveTextContent('meteen op de site');
    await userEvent.click(within(panel).getByRole('button', { name: 'Als concept in het formulier' }));
    expect(onDraft).toHaveBeenCalledWith(withTypo.values, expect.stringContaining('Voor de correctie'));
    expect(onRestored).not.toHaveBeenCalled();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/restore'))).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('er is niets opgeslagen');
  });

  it('restores live only after the confirm', async () => {
    const fetch = stub((url, init) =>
      url.endsWith('/restore')
        ? json({ item: { ...item, version: 4 } })
        : url.endsWith('/revisions/2') && init.method !== 'POST'
          ? json({ revision: withTypo })
          : json({ revisions: list }),
    );
    const onRestored = vi.fn();
    render(<RevisionList type={articles} item={item} onRestored={onRestored} onDraft={vi.fn()} />);
    await userEvent.click(
      await screen.findByRole('button', { name: /Terugzetten… naar “Voor de correctie”/ }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Direct terugzetten (meteen online)' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalled());
    const restore = fetch.mock.calls.find(([url]) => String(url).endsWith('/restore'));
    expect(JSON.parse((restore?.[1] as RequestInit).body as string)).toEqual({ version: 3 });
  });

  it('saves a label, and shows a refused one at its field', async () => {
    let patches = 0;
    const fetch = stub((_url, init) => {
      if (init.method !== 'PATCH') return json({ revisions: list });
      patches += 1;
      return patches === 1
        ? json({ error: { code: 'label_too_long', message: 'Te lang.' } }, 400)
        : json({ revision: { ...list[0], label: 'Na de correctie' } });
    });
    render(<RevisionList type={articles} item={item} onRestored={vi.fn()} onDraft={vi.fn()} />);
    await userEvent.click(
      await screen.findByRole('button', { name: /^Label van de versie van 25-11-2026, 11:03:27/ }),
    );
    const input = screen.getByLabelText('Label');
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, 'Na de correctie');
    await userEvent.click(screen.getByRole('button', { name: 'Label opslaan' }));
    expect(await screen.findByText('Een label is hoogstens 80 tekens lang.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Een label is hoogstens 80 tekens lang.');
    await userEvent.click(screen.getByRole('button', { name: 'Label opslaan' }));
    expect(await screen.findByText('Label: Na de correctie')).toBeInTheDocument();
    const patch = fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH')[1];
    expect(String(patch?.[0])).toMatch(/\/revisions\/3$/);
    expect(JSON.parse((patch?.[1] as RequestInit).body as string)).toEqual({ label: 'Na de correctie' });
  });

  it('names the items of a relation in the comparison, not their numbers (issue 54)', async () => {
    const programmes = {
      ...articles,
      fields: [
        field('title', 'Titel', 'text'),
        { ...field('presenters', 'Presentatoren', 'relation'), reference: 'presenters' },
        { ...field('host', 'Vaste host', 'reference'), reference: 'presenters', referenceKey: 'slug' },
      ],
    } as unknown as ContentType;
    const values = (presenters: number[]) => ({
      title: 'Ochtendshow',
      presenters,
      host: presenters.length > 1 ? 'joost' : 'mira',
    });
    stub((url) =>
      url.endsWith('/presenters/options')
        ? json({
            options: [
              { value: 3, slug: 'mira', label: 'Mira de Vries' },
              { value: 5, slug: 'joost', label: 'Joost Smit' },
            ],
          })
        : url.endsWith('/revisions/2')
          ? json({ revision: { ...revision(2, '2026-11-25T10:01:05Z'), values: values([3]) } })
          : url.endsWith('/revisions/3')
            ? json({ revision: { ...revision(3, '2026-11-25T10:03:27Z'), values: values([3, 5]) } })
            : json({ revisions: list }),
    );
    render(
      <RevisionList
        type={programmes}
        item={{ ...item, values: values([3, 5]) }}
        onRestored={vi.fn()}
        onDraft={vi.fn()}
      />,
    );
    await screen.findByText('Label: Voor de correctie');
    await userEvent.selectOptions(screen.getByLabelText('Oudere versie'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Nieuwere versie'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Vergelijken' }));
    // The relation by ids, the host by its slug: both by name.
    const compared = await screen.findByText(/^Van .* naar /);
    const diff = compared.parentElement as HTMLElement;
    expect(await within(diff).findByText(', Joost Smit')).toBeInTheDocument();
    expect(within(diff).getByText(', Joost Smit').closest('ins')).not.toBeNull();
    expect(diff).toHaveTextContent('Presentatoren');
    expect(diff).toHaveTextContent('Vaste host');
    expect(within(diff).getByText('Mira de Vries', { selector: 'del' })).toBeInTheDocument();
    expect(diff).not.toHaveTextContent(/\bmira\b|\bjoost\b/);
  });

  it('compares any two versions', async () => {
    stub((url) =>
      url.endsWith('/revisions/2')
        ? json({ revision: withTypo })
        : url.endsWith('/revisions/3')
          ? json({ revision: { ...revision(3, '2026-11-25T10:03:27Z'), values: item.values } })
          : json({ revisions: list }),
    );
    render(<RevisionList type={articles} item={item} onRestored={vi.fn()} onDraft={vi.fn()} />);
    await screen.findByText('Label: Voor de correctie');
    await userEvent.selectOptions(screen.getByLabelText('Oudere versie'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Nieuwere versie'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Vergelijken' }));
    expect((await screen.findByText('storm')).closest('ins')).not.toBeNull();
  });
});
