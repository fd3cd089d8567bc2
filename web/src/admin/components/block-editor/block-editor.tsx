import { Selection, TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor, type Editor, type JSONContent } from '@tiptap/react';
import { ListItem } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { blockNodes, cardKeys, keptFields } from './block-nodes';
import { blocksToDoc, docToBlocks, isSafeUrl, NODE, type StoredBlock } from './blocks';
import { canRedo, canUndo, changeKey, createHistory, record, redo, undo, type History } from './history';
import { afterBlockAt, firstChange } from './insertion';
import { removalNotice, removedCards } from './removed-cards';

/** A block as it came in, beside the editor's node of it. */
interface Original {
  node: string;
  block: StoredBlock;
}

/** The blocks of `editor`'s document, which has just been given `blocks`, each beside its node. */
function originalsOf(editor: Editor, blocks: readonly StoredBlock[]): Original[] {
  const nodes = editor.getJSON().content ?? [];
  if (nodes.length !== blocks.length) return [];
  return blocks.map((block, index) => ({ node: JSON.stringify(nodes[index]), block }));
}

/**
 * The stored blocks of `doc`: a node still exactly as it came in gives back its block as it was
 * (html, key order and fields the editor does not show included); only changed and new nodes are
 * converted.
 */
function blocksOf(doc: JSONContent, originals: readonly Original[]): StoredBlock[] {
  const unused = [...originals];
  return (doc.content ?? []).flatMap((node) => {
    const text = JSON.stringify(node);
    const index = unused.findIndex((original) => original.node === text);
    if (index < 0) return docToBlocks({ type: 'doc', content: [node] });
    const [original] = unused.splice(index, 1);
    return original ? [original.block] : [];
  });
}

interface BlockEditorProps {
  /** The article's blocks as stored (ArticleBlock[]); a new value from outside replaces the text. */
  value: readonly StoredBlock[];
  /** The blocks after every change. */
  onChange: (blocks: StoredBlock[]) => void;
  /** The id of the label of the whole editor (e.g. 'Tekst'). */
  labelledBy?: string;
  /** The id of an error message about the text, when there is one. */
  describedBy?: string;
}

interface ToolbarProps {
  editor: Editor;
  /** Inserts a block of the node type after the block being edited. */
  onInsert: (type: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  undoable: boolean;
  redoable: boolean;
}

/**
 * A formatting button pressed with the mouse leaves the keyboard's focus in the text: Tiptap gives
 * the focus back only on the next animation frame, and what was typed before then went to the
 * button and was lost (the first letters of a new list item).
 */
function keepTextFocus(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

function Toolbar({ editor, onInsert, onUndo, onRedo, undoable, redoable }: ToolbarProps) {
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState<string>();
  const linkId = useId();
  const linkInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (linking) linkInput.current?.focus();
  }, [linking]);

  function openLink() {
    setHref(String(editor.getAttributes('link')['href'] ?? ''));
    setLinkError(undefined);
    setLinking(true);
  }

  function applyLink() {
    const url = href.trim();
    if (!url) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinking(false);
      return;
    }
    if (!isSafeUrl(url)) {
      setLinkError('Een link begint met https://, http://, mailto: of / (een pagina van de site).');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    setLinking(false);
  }

  return (
    <div className="admin-block-toolbar" role="toolbar" aria-label="Opmaak en blokken">
      {/* aria-disabled rather than disabled: a button that turns disabled under the keyboard's focus
          would drop that focus to the page. */}
      <button
        type="button"
        aria-disabled={!undoable}
        aria-keyshortcuts="Control+Z"
        onClick={() => undoable && onUndo()}
      >
        Ongedaan maken
      </button>
      <button
        type="button"
        aria-disabled={!redoable}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        onClick={() => redoable && onRedo()}
      >
        Opnieuw
      </button>
      <span className="admin-block-toolbar__sep" aria-hidden="true" />
      <button
        type="button"
        aria-pressed={editor.isActive('bold')}
        onMouseDown={keepTextFocus}
        onClick={() => editor.chain().focus().toggleBold().run()}
      >
        <strong>Vet</strong>
      </button>
      <button
        type="button"
        aria-pressed={editor.isActive('italic')}
        onMouseDown={keepTextFocus}
        onClick={() => editor.chain().focus().toggleItalic().run()}
      >
        <em>Cursief</em>
      </button>
      <button type="button" aria-pressed={editor.isActive('link')} onClick={openLink}>
        Link
      </button>
      <button
        type="button"
        aria-pressed={editor.isActive('heading')}
        onMouseDown={keepTextFocus}
        onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
      >
        Tussenkop
      </button>
      <button
        type="button"
        aria-pressed={editor.isActive('bulletList')}
        onMouseDown={keepTextFocus}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      >
        Opsomming
      </button>
      <button
        type="button"
        aria-pressed={editor.isActive('orderedList')}
        onMouseDown={keepTextFocus}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      >
        Genummerde lijst
      </button>
      <span className="admin-block-toolbar__sep" aria-hidden="true" />
      <button type="button" onClick={() => onInsert(NODE.image)}>
        + Afbeelding
      </button>
      <button type="button" onClick={() => onInsert(NODE.quote)}>
        + Citaat
      </button>
      <button type="button" onClick={() => onInsert(NODE.fragment)}>
        + Audiofragment
      </button>
      <button type="button" onClick={() => onInsert(NODE.video)}>
        + Video
      </button>
      <button type="button" onClick={() => onInsert(NODE.social)}>
        + Sociale post
      </button>
      {linking && (
        <div className="admin-block-toolbar__link">
          <label htmlFor={linkId}>Adres van de link</label>
          <input
            id={linkId}
            type="url"
            ref={linkInput}
            value={href}
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? `${linkId}-error` : undefined}
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
              if (e.key === 'Escape') setLinking(false);
            }}
          />
          <button type="button" onClick={applyLink}>
            Toepassen
          </button>
          <button type="button" onClick={() => setLinking(false)}>
            Annuleren
          </button>
          {linkError && (
            <p id={`${linkId}-error`} className="admin-error">
              {linkError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The editor's extensions: paragraphs (keeping the stored fields they do not edit, blocks.ts),
 * headings of level 2, bulleted and numbered lists, bold, italic and safe links, and the editor's
 * own blocks.
 */
export const blockEditorExtensions = [
  StarterKit.configure({
    // Lists are one level deep on the site (blocks.ts): an item holds a paragraph and no list, so
    // Tab cannot nest one in the editor only to see it come out flat (issue 54), and leaves the
    // editor as it does everywhere else.
    listItem: false,
    blockquote: false,
    // The editor keeps its own history of the whole body (history.ts): ProseMirror's does not see
    // typing in the fields of a block card.
    undoRedo: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    hardBreak: false,
    strike: false,
    underline: false,
    heading: { levels: [2] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isSafeUrl(url),
    },
  }),
  ListItem.extend({
    content: 'paragraph',
    addKeyboardShortcuts() {
      return {
        Enter: () => this.editor.commands.splitListItem(this.name),
        'Shift-Tab': () => this.editor.commands.liftListItem(this.name),
      };
    },
  }),
  keptFields,
  cardKeys,
  ...blockNodes,
];

/** The top-level nodes of a document. */
const nodesOf = (doc: JSONContent): JSONContent[] => doc.content ?? [];

/**
 * The top-level nodes of a document without the empty paragraphs at its end, for telling what a
 * change did: the paragraph the editor keeps after the last block comes and goes with any change.
 */
function contentOf(doc: JSONContent): JSONContent[] {
  const nodes = nodesOf(doc);
  let end = nodes.length;
  while (end > 0 && nodes[end - 1]?.type === 'paragraph' && !nodes[end - 1]?.content?.length) end -= 1;
  return nodes.slice(0, end);
}

/** The position before the top-level block whose DOM holds `target`, or null outside the editor. */
function blockPosOf(editor: Editor, target: Node): number | null {
  const root = editor.view.dom;
  let element: Node | null = target;
  while (element && element.parentNode !== root) element = element.parentNode;
  if (!element) return null;
  const index = Array.prototype.indexOf.call(root.childNodes, element) as number;
  try {
    return editor.view.posAtDOM(root, index);
  } catch {
    return null;
  }
}

/** Moves the keyboard's focus into the block at `pos`: its first field, or the text after it. */
function focusBlockAt(editor: Editor, pos: number) {
  const focusField = () => {
    // The frame below may come after the editor is gone (the form closed meanwhile).
    if (editor.isDestroyed) return true;
    const dom = editor.view.nodeDOM(pos);
    const field =
      dom instanceof HTMLElement
        ? (dom.querySelector<HTMLElement>('input, textarea, select') ??
          dom.querySelector<HTMLElement>('button'))
        : null;
    field?.focus();
    return !!field;
  };
  // A block card is drawn by React, maybe only after this transaction.
  if (!focusField()) requestAnimationFrame(focusField);
}

/**
 * The article text as blocks (Tiptap): paragraphs with bold, italic and links, headings, bulleted
 * and numbered lists, and the image (uploaded here, with caption and credit), quote, audio
 * fragment, video and social embed blocks. `value` and `onChange` carry the blocks as the server
 * stores them (blocks.ts); a block the editor did not change goes back exactly as it came. A new
 * block goes after the block being edited; undo and redo (buttons, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y)
 * work on the whole body. A card removed with what it holds is said, with an undo.
 */
export function BlockEditor({ value, onChange, labelledBy, describedBy }: BlockEditorProps) {
  const emitted = useRef(JSON.stringify(value));
  // The value the editor is made with (useEditor's content), for onCreate.
  const latest = useRef(value);
  latest.current = value;
  const originals = useRef<Original[]>([]);
  const change = useRef(onChange);
  change.current = onChange;
  const history = useRef<History<JSONContent>>(createHistory<JSONContent>({ type: 'doc' }));
  const [, setHistoryVersion] = useState(0);
  // Where the block being edited starts or the cursor is: a new block goes after that block. Kept
  // apart from the selection because a field in a block card has focus without moving it.
  const anchor = useRef(0);
  const root = useRef<HTMLDivElement>(null);
  // What the last change removed of the cards ("Blok 'Afbeelding' verwijderd."), until the next.
  const [removal, setRemoval] = useState<string>();

  const setHistory = (next: History<JSONContent>) => {
    history.current = next;
    setHistoryVersion((version) => version + 1);
  };

  const editor = useEditor({
    extensions: blockEditorExtensions,
    content: blocksToDoc(value),
    // The CSP refuses the <style> element Tiptap would add; its rules are in admin.css.
    injectCSS: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: 'admin-block-editor__text',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onCreate: ({ editor: created }) => {
      originals.current = originalsOf(created, latest.current);
      history.current = createHistory(created.getJSON());
    },
    onTransaction: ({ editor: current, transaction }) => {
      anchor.current = transaction.mapping.map(anchor.current);
      if (transaction.selectionSet) anchor.current = current.state.selection.from;
    },
    onSelectionUpdate: ({ editor: current }) => {
      anchor.current = current.state.selection.from;
    },
    onUpdate: ({ editor: current }) => {
      const doc = current.getJSON();
      const before = history.current.present;
      const removed = removedCards(contentOf(before), contentOf(doc));
      // A removed card is a step of its own, whatever was typed just before it.
      const key = removed.length ? null : changeKey(contentOf(before), contentOf(doc));
      setHistory(record(history.current, doc, key, Date.now()));
      setRemoval(removed.length ? removalNotice(removed) : undefined);
      const blocks = blocksOf(doc, originals.current);
      emitted.current = JSON.stringify(blocks);
      change.current(blocks);
    },
  });

  // A value that did not come from this editor (a restored revision, a reset form) replaces it,
  // and what was done before it can no longer be undone.
  useEffect(() => {
    const text = JSON.stringify(value);
    if (!editor || text === emitted.current) return;
    emitted.current = text;
    editor.commands.setContent(blocksToDoc(value), { emitUpdate: false });
    originals.current = originalsOf(editor, value);
    setHistory(createHistory(editor.getJSON()));
  }, [editor, value]);

  const travel = useCallback(
    (step: typeof undo, focusText: boolean) => {
      if (!editor) return;
      const before = history.current.present;
      const next = step(history.current);
      if (next === history.current) return;
      setHistory(next);
      setRemoval(undefined);
      editor.commands.setContent(next.present, { emitUpdate: false });
      const blocks = blocksOf(next.present, originals.current);
      emitted.current = JSON.stringify(blocks);
      change.current(blocks);
      // The keyboard's focus goes to the block that changed back (setContent drew it anew).
      const index = Math.max(0, firstChange(nodesOf(before), nodesOf(next.present)));
      const { doc } = editor.state;
      let pos = 0;
      for (let i = 0; i < Math.min(index, doc.childCount); i += 1) pos += doc.child(i).nodeSize;
      anchor.current = pos;
      if (!focusText) return;
      const child = index < doc.childCount ? doc.child(index) : null;
      if (child && !child.isTextblock && child.isAtom) {
        focusBlockAt(editor, pos);
      } else {
        const selection = TextSelection.near(doc.resolve(Math.min(pos + 1, doc.content.size)));
        editor.view.dispatch(editor.state.tr.setSelection(selection));
        editor.commands.focus();
      }
    },
    [editor],
  );

  // Listened to on the whole editor, toolbar and block cards included: Ctrl+Z in a card's field
  // undoes in the body, not just in that field.
  useEffect(() => {
    const element = root.current;
    if (!editor || !element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        travel(undo, true);
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        travel(redo, true);
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Node) || event.target === editor.view.dom) return;
      // Focus in the text itself moves the selection, which onSelectionUpdate follows; a field in a
      // block card does not.
      const pos = blockPosOf(editor, event.target);
      if (pos !== null) anchor.current = pos;
    };
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('focusin', onFocusIn);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('focusin', onFocusIn);
    };
  }, [editor, travel]);

  if (!editor) return null;

  const insert = (type: string) => {
    const at = afterBlockAt(editor.state.doc, anchor.current);
    editor.chain().insertContentAt(at, { type }).run();
    // The insert leaves the new card selected as a whole, where the next letter typed in the text
    // would replace it: the text's caret goes to the text after it (or before it) instead.
    const { doc } = editor.state;
    const end = at + (doc.nodeAt(at)?.nodeSize ?? 0);
    const caret =
      Selection.findFrom(doc.resolve(Math.min(end, doc.content.size)), 1, true) ??
      Selection.findFrom(doc.resolve(at), -1, true);
    if (caret) editor.view.dispatch(editor.state.tr.setSelection(caret));
    anchor.current = at;
    focusBlockAt(editor, at);
  };

  return (
    <div className="admin-block-editor" ref={root}>
      <Toolbar
        editor={editor}
        onInsert={insert}
        onUndo={() => travel(undo, false)}
        onRedo={() => travel(redo, false)}
        undoable={canUndo(history.current)}
        redoable={canRedo(history.current)}
      />
      <p role="status" className="admin-block-editor__notice">
        {removal && (
          <>
            {removal}{' '}
            <button type="button" className="admin-link-button" onClick={() => travel(undo, true)}>
              Ongedaan maken
            </button>
          </>
        )}
      </p>
      <EditorContent editor={editor} />
    </div>
  );
}
