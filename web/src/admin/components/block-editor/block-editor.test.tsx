import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { json, server } from '../../test-support/fake-server';
import { libraryImage } from '../../test-support/media-fixtures';
import { stubUploads } from '../../test-support/fake-xhr';
import { BlockEditor, blockEditorExtensions } from './block-editor';
import { blocksToDoc, docToBlocks, type StoredBlock } from './blocks';

// jsdom lays nothing out; ProseMirror asks for rectangles when it scrolls the selection into view.
beforeAll(() => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = empty;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.getClientRects = empty;
  document.elementFromPoint = () => null;
});

const blocks: StoredBlock[] = [
  { type: 'heading', text: 'Nieuwe studio' },
  { type: 'paragraph', text: 'Vandaag openen we de studio.' },
  {
    type: 'image',
    url: '/uploads/images/abc/f500-500/w_1080.webp',
    alt: 'De studio',
    caption: 'De nieuwe studio',
    credit: 'Foto: Anna',
  },
  { type: 'quote', text: 'Eindelijk!', cite: 'De presentator' },
];

function lastBlocks(onChange: ReturnType<typeof vi.fn>): StoredBlock[] {
  const calls = onChange.mock.calls;
  return calls[calls.length - 1]?.[0] as StoredBlock[];
}

afterEach(() => vi.unstubAllGlobals());

describe('BlockEditor', () => {
  it('shows the blocks it is given, with their fields', async () => {
    render(<BlockEditor value={blocks} onChange={() => undefined} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Nieuwe studio' })).toBeInTheDocument();
    expect(screen.getByText('Vandaag openen we de studio.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Bijschrift')).toHaveValue('De nieuwe studio');
    expect(screen.getByLabelText('Fotograaf of bron')).toHaveValue('Foto: Anna');
    expect(screen.getByLabelText('Alt-tekst')).toHaveValue('De studio');
    expect(screen.getByLabelText('Wie zei het')).toHaveValue('De presentator');
    expect(screen.getByRole('toolbar', { name: 'Opmaak en blokken' })).toBeInTheDocument();
  });

  it('gives the blocks back with a changed caption and everything else unchanged', async () => {
    const onChange = vi.fn();
    render(<BlockEditor value={blocks} onChange={onChange} />);
    const caption = await screen.findByLabelText('Bijschrift');
    await userEvent.clear(caption);
    await userEvent.type(caption, 'Studio 1');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(lastBlocks(onChange)).toEqual([
      blocks[0],
      blocks[1],
      { ...blocks[2], caption: 'Studio 1' },
      blocks[3],
    ]);
  });

  it('keeps the stored keys it does not edit on a paragraph and a heading that are edited', () => {
    const stored: StoredBlock[] = [
      { type: 'heading', text: 'Kop', anchor: 'kop' },
      { type: 'paragraph', text: 'Eerste zin.', html: 'Eerste <strong>zin</strong>.', lang: 'nl', id: 'p1' },
      { type: 'paragraph', text: 'Tweede zin.', id: 'p2' },
    ];
    const editor = new Editor({ extensions: blockEditorExtensions, content: blocksToDoc(stored) });
    // The heading's text runs from 1 to 4; after the '!', the first paragraph's from 7 to 18.
    editor.chain().setTextSelection(4).insertContent('!').run();
    editor.chain().setTextSelection(18).insertContent(' Erbij.').run();
    expect(docToBlocks(editor.getJSON())).toEqual([
      { type: 'heading', text: 'Kop!', anchor: 'kop' },
      {
        type: 'paragraph',
        text: 'Eerste zin. Erbij.',
        html: 'Eerste <strong>zin</strong>. Erbij.',
        lang: 'nl',
        id: 'p1',
      },
      stored[2],
    ]);
    editor.destroy();
  });

  it("does not copy a paragraph's stored keys to the paragraph split off it", () => {
    const editor = new Editor({
      extensions: blockEditorExtensions,
      content: blocksToDoc([{ type: 'paragraph', text: 'Een. Twee.', id: 'p1' }]),
    });
    editor.chain().setTextSelection(11).splitBlock().insertContent('Drie.').run();
    expect(docToBlocks(editor.getJSON())).toEqual([
      { type: 'paragraph', text: 'Een. Twee.', id: 'p1' },
      { type: 'paragraph', text: 'Drie.' },
    ]);
    editor.destroy();
  });

  it('adds a block from the toolbar and removes one', async () => {
    const onChange = vi.fn();
    render(<BlockEditor value={blocks} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: '+ Sociale post' }));
    await userEvent.type(await screen.findByLabelText('Adres van de post'), 'https://www.instagram.com/p/x/');
    await waitFor(() =>
      expect(lastBlocks(onChange)).toContainEqual({
        type: 'social',
        network: '',
        url: 'https://www.instagram.com/p/x/',
        text: '',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Citaat verwijderen' }));
    await waitFor(() => expect(lastBlocks(onChange).some((block) => block.type === 'quote')).toBe(false));
  });

  it('says a removed card with what it held, and its undo brings it back whole', async () => {
    const onChange = vi.fn();
    render(<BlockEditor value={blocks} onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Afbeelding verwijderen' }));
    await waitFor(() => expect(lastBlocks(onChange).some((block) => block.type === 'image')).toBe(false));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent("Blok 'Afbeelding' verwijderd.");
    await userEvent.click(within(notice).getByRole('button', { name: 'Ongedaan maken' }));
    expect(await screen.findByLabelText('Bijschrift')).toHaveValue('De nieuwe studio');
    expect(lastBlocks(onChange)).toEqual(blocks);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('leaves a new card unselected, so that a letter typed in the text cannot replace it', async () => {
    render(<BlockEditor value={[{ type: 'paragraph', text: 'Tekst.' }]} onChange={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: '+ Citaat' }));
    expect(await screen.findByLabelText('Wie zei het')).toBeInTheDocument();
    expect(screen.queryByText('Geselecteerd')).not.toBeInTheDocument();
  });

  it('says nothing when an empty card goes', async () => {
    render(<BlockEditor value={[{ type: 'paragraph', text: 'Tekst.' }]} onChange={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: '+ Citaat' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Citaat verwijderen' }));
    await waitFor(() => expect(screen.queryByLabelText('Wie zei het')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('takes a new value from outside (a restored revision) without echoing it back', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<BlockEditor value={blocks} onChange={onChange} />);
    await screen.findByLabelText('Bijschrift');
    act(() =>
      rerender(<BlockEditor value={[{ type: 'paragraph', text: 'Oude versie.' }]} onChange={onChange} />),
    );
    await waitFor(() => expect(screen.getByText('Oude versie.')).toBeInTheDocument());
    expect(screen.queryByLabelText('Bijschrift')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('puts a new block after the quote just typed in, and the quote keeps its text', async () => {
    const onChange = vi.fn();
    render(
      <BlockEditor
        value={[
          {
            type: 'paragraph',
            text: 'Nieuws uit de gemeente Den Haag.',
            html: 'Nieuws uit de <a href="https://ether.example/">gemeente Den Haag</a>.',
          },
          { type: 'quote', text: '', cite: '' },
        ]}
        onChange={onChange}
      />,
    );
    await userEvent.type(await screen.findByLabelText('Citaat'), 'Wij gaan door.');
    await userEvent.click(screen.getByRole('button', { name: '+ Afbeelding' }));
    await waitFor(() =>
      expect(lastBlocks(onChange)).toEqual(
        [
          {
            type: 'paragraph',
            text: 'Nieuws uit de gemeente Den Haag.',
            html: 'Nieuws uit de <a href="https://ether.example/">gemeente Den Haag</a>.',
          },
          { type: 'quote', text: 'Wij gaan door.', cite: '' },
          { type: 'image', url: '', alt: '', caption: '', credit: undefined },
        ].map((block) => JSON.parse(JSON.stringify(block)) as StoredBlock),
      ),
    );
    // The new card's first field: the library's search (an image used before is chosen, not uploaded again).
    await waitFor(() => expect(screen.getByLabelText('Zoek in de bibliotheek')).toHaveFocus());
    expect(screen.getByLabelText('Afbeelding uploaden')).toBeInTheDocument();
  });

  it("fills an empty image block from the library: the item's 1080 px size and its id, no new upload", async () => {
    const fetch = server({
      'GET /api/admin/media?kind=image': () =>
        json({ items: [libraryImage(7, 'studio.jpg')], total: 1, page: 1, pageSize: 24 }),
    });
    const onChange = vi.fn();
    render(
      <BlockEditor
        value={[{ type: 'image', url: '', alt: '', caption: '', credit: '' }]}
        onChange={onChange}
      />,
    );
    const grid = await screen.findByRole('list', { name: 'Afbeeldingen uit de bibliotheek' });
    await userEvent.click(within(grid).getByRole('button', { name: 'studio.jpg' }));
    await waitFor(() =>
      expect(lastBlocks(onChange)[0]).toMatchObject({
        type: 'image',
        url: libraryImage(7, 'studio.jpg').contentUrl,
        media: 7,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Andere afbeelding kiezen' })).toBeInTheDocument();
    expect(fetch.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it("fills the image block's empty caption and credit from the library picture, never what was typed", async () => {
    const picture = (id: number, name: string) =>
      libraryImage(id, name, { credit: 'Foto: Anna de Vries', caption: 'De nieuwe studio aan de Vaartweg' });
    server({
      'GET /api/admin/media?kind=image': () =>
        json({ items: [picture(7, 'studio.jpg')], total: 1, page: 1, pageSize: 24 }),
    });
    const onChange = vi.fn();
    render(
      <BlockEditor
        value={[
          { type: 'image', url: '', alt: '', caption: '', credit: '' },
          { type: 'image', url: '', alt: '', caption: 'Ons eigen bijschrift', credit: '' },
        ]}
        onChange={onChange}
      />,
    );
    const grids = await screen.findAllByRole('list', { name: 'Afbeeldingen uit de bibliotheek' });
    // Both fields empty: both filled, and shown in the block's fields.
    await userEvent.click(within(grids[0] as HTMLElement).getByRole('button', { name: 'studio.jpg' }));
    await waitFor(() =>
      expect(lastBlocks(onChange)[0]).toMatchObject({
        media: 7,
        caption: 'De nieuwe studio aan de Vaartweg',
        credit: 'Foto: Anna de Vries',
      }),
    );
    expect(screen.getAllByLabelText('Bijschrift')[0]).toHaveValue('De nieuwe studio aan de Vaartweg');
    expect(screen.getAllByLabelText('Fotograaf of bron')[0]).toHaveValue('Foto: Anna de Vries');

    // A caption typed first stays; the empty credit is filled.
    const grid = screen.getByRole('list', { name: 'Afbeeldingen uit de bibliotheek' });
    await userEvent.click(within(grid).getByRole('button', { name: 'studio.jpg' }));
    await waitFor(() =>
      expect(lastBlocks(onChange)[1]).toMatchObject({
        media: 7,
        caption: 'Ons eigen bijschrift',
        credit: 'Foto: Anna de Vries',
      }),
    );

    // An upload of a picture the library has already comes back as that item, with its words.
    const sent = stubUploads([{ status: 202, body: { media: picture(7, 'studio.jpg') } }]);
    const onUploadChange = vi.fn();
    render(
      <BlockEditor
        value={[{ type: 'image', url: '', alt: '', caption: '', credit: 'Eigen foto' }]}
        onChange={onUploadChange}
      />,
    );
    const upload = (await screen.findAllByLabelText('Afbeelding uploaden')).at(-1) as HTMLInputElement;
    await userEvent.upload(
      upload,
      new File([new Uint8Array([0xff, 0xd8])], 'studio.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() =>
      expect(lastBlocks(onUploadChange)[0]).toMatchObject({
        media: 7,
        caption: 'De nieuwe studio aan de Vaartweg',
        credit: 'Eigen foto',
      }),
    );
    expect(sent).toHaveLength(1);
  });

  it('undoes and redoes across blocks by button and by keyboard', async () => {
    const onChange = vi.fn();
    render(<BlockEditor value={blocks} onChange={onChange} />);
    const undoButton = screen.getByRole('button', { name: 'Ongedaan maken' });
    const redoButton = screen.getByRole('button', { name: 'Opnieuw' });
    expect(undoButton).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(await screen.findByLabelText('Wie zei het'), ' (ochtendshow)');
    await userEvent.click(screen.getByRole('button', { name: 'Afbeelding verwijderen' }));
    await waitFor(() =>
      expect(lastBlocks(onChange).map((block) => block.type)).toEqual(['heading', 'paragraph', 'quote']),
    );
    expect(undoButton).toHaveAttribute('aria-disabled', 'false');

    await userEvent.click(undoButton);
    expect(lastBlocks(onChange)).toEqual([
      blocks[0],
      blocks[1],
      blocks[2],
      { ...blocks[3], cite: 'De presentator (ochtendshow)' },
    ]);
    expect(redoButton).toHaveAttribute('aria-disabled', 'false');
    // The typing in the quote was one step.
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(lastBlocks(onChange)).toEqual(blocks);
    expect(undoButton).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(undoButton);
    expect(lastBlocks(onChange)).toEqual(blocks);

    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(lastBlocks(onChange)[3]).toEqual({ ...blocks[3], cite: 'De presentator (ochtendshow)' });
    await userEvent.keyboard('{Control>}y{/Control}');
    expect(lastBlocks(onChange).map((block) => block.type)).toEqual(['heading', 'paragraph', 'quote']);
    expect(redoButton).toHaveAttribute('aria-disabled', 'true');
  });

  it('keeps the focus in the text when a formatting button is pressed with the mouse', async () => {
    render(<BlockEditor value={[{ type: 'paragraph', text: 'Een zin' }]} onChange={vi.fn()} />);
    const editor = await screen.findByRole('textbox');
    await userEvent.click(editor);
    for (const name of ['Vet', 'Cursief', 'Tussenkop', 'Opsomming', 'Genummerde lijst']) {
      // The browser moves the focus on mousedown unless the press is prevented; what was typed
      // before Tiptap focused the text again (a frame later) went to the button.
      expect(fireEvent.mouseDown(screen.getByRole('button', { name }))).toBe(false);
    }
  });

  it('makes a bulleted list from the toolbar, and Enter makes a new item', async () => {
    const onChange = vi.fn();
    render(<BlockEditor value={[{ type: 'paragraph', text: 'Eerste punt' }]} onChange={onChange} />);
    const editor = await screen.findByRole('textbox');
    await userEvent.click(editor);
    await userEvent.click(screen.getByRole('button', { name: 'Opsomming' }));
    await waitFor(() =>
      expect(lastBlocks(onChange)).toEqual([
        { type: 'list', ordered: false, items: [{ text: 'Eerste punt' }] },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Opsomming' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Genummerde lijst' }));
    await waitFor(() =>
      expect(lastBlocks(onChange)).toEqual([
        { type: 'list', ordered: true, items: [{ text: 'Eerste punt' }] },
      ]),
    );
  });

  it('keeps lists one level deep, as the site shows them: Tab in an item nests nothing (issue 54)', () => {
    const item = (text: string) => ({
      type: 'listItem',
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    const editor = new Editor({
      element: document.createElement('div'),
      extensions: blockEditorExtensions,
      content: { type: 'doc', content: [{ type: 'bulletList', content: [item('Boven'), item('Onder')] }] },
    });
    // The caret in the second item, where Tab would nest it under the first.
    editor.commands.setTextSelection(editor.state.doc.content.size - 3);
    editor.view.dom.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }),
    );
    // (The editor keeps an empty paragraph after the last block.)
    expect(editor.getHTML()).toMatch(/^<ul><li><p>Boven<\/p><\/li><li><p>Onder<\/p><\/li><\/ul>(<p><\/p>)?$/);
    editor.destroy();
  });
});
