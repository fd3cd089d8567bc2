import { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { blockEditorExtensions } from './block-editor';
import { blocksToDoc, docToBlocks, NODE } from './blocks';
import { afterBlockAt, firstChange } from './insertion';

// Each test's editor is destroyed after it: ProseMirror's DOM observer flushes on a timer, which
// otherwise fired once jsdom was torn down ("document is not defined", an unhandled error that
// failed the Vitest run).
const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function editorOf() {
  const editor = new Editor({
    extensions: blockEditorExtensions,
    content: blocksToDoc([
      {
        type: 'paragraph',
        text: 'Nieuws uit de gemeente Den Haag.',
        html: 'Nieuws uit de <a href="https://ether.example/">gemeente Den Haag</a>.',
      },
      { type: 'quote', text: 'Wij gaan door.', cite: 'De wethouder' },
      { type: 'list', ordered: false, items: [{ text: 'Een' }, { text: 'Twee' }] },
    ]),
  });
  editors.push(editor);
  return editor;
}

describe('inserting a block', () => {
  it('puts it after a selected quote, which keeps its text', () => {
    const editor = editorOf();
    const quoteAt = editor.state.doc.child(0).nodeSize;
    editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, quoteAt)));
    const at = afterBlockAt(editor.state.doc, editor.state.selection.from);
    editor.commands.insertContentAt(at, { type: NODE.image });
    expect(docToBlocks(editor.getJSON()).map((block) => block.type)).toEqual([
      'paragraph',
      'quote',
      'image',
      'list',
    ]);
    expect(docToBlocks(editor.getJSON())[1]).toEqual({
      type: 'quote',
      text: 'Wij gaan door.',
      cite: 'De wethouder',
    });
  });

  it('puts it after a paragraph with the cursor inside, which stays whole', () => {
    const editor = editorOf();
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 20)));
    editor.commands.insertContentAt(afterBlockAt(editor.state.doc, editor.state.selection.from), {
      type: NODE.quote,
    });
    const blocks = docToBlocks(editor.getJSON());
    expect(blocks[0]).toEqual({
      type: 'paragraph',
      text: 'Nieuws uit de gemeente Den Haag.',
      html: 'Nieuws uit de <a href="https://ether.example/">gemeente Den Haag</a>.',
    });
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'quote', 'quote', 'list']);
  });

  it('puts it after the whole list when the cursor is in an item', () => {
    const editor = editorOf();
    const listAt = editor.state.doc.child(0).nodeSize + editor.state.doc.child(1).nodeSize;
    expect(afterBlockAt(editor.state.doc, listAt + 3)).toBe(editor.state.doc.content.size);
    expect(afterBlockAt(editor.state.doc, editor.state.doc.content.size)).toBe(editor.state.doc.content.size);
  });

  it('finds the first block that changed', () => {
    expect(firstChange(['a', 'b', 'c'], ['a', 'x', 'c'])).toBe(1);
    expect(firstChange(['a'], ['a', 'b'])).toBe(1);
    expect(firstChange(['a'], ['a'])).toBe(-1);
  });
});
