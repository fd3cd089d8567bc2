import { EditorContent, useEditor, type Editor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { blockNodes, keptFields } from './block-nodes';
import { blocksToDoc, docToBlocks, isSafeUrl, NODE, type StoredBlock } from './blocks';

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

function Toolbar({ editor }: { editor: Editor }) {
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState<string>();
  const linkId = useId();
  const linkInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (linking) linkInput.current?.focus();
  }, [linking]);

  const insert = (type: string, attrs: JSONContent['attrs'] = {}) =>
    editor.chain().focus().insertContent({ type, attrs }).run();

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
      <button
        type="button"
        aria-pressed={editor.isActive('bold')}
        onClick={() => editor.chain().focus().toggleBold().run()}
      >
        <strong>Vet</strong>
      </button>
      <button
        type="button"
        aria-pressed={editor.isActive('italic')}
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
        onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
      >
        Tussenkop
      </button>
      <span className="admin-block-toolbar__sep" aria-hidden="true" />
      <button type="button" onClick={() => insert(NODE.image)}>
        + Afbeelding
      </button>
      <button type="button" onClick={() => insert(NODE.quote)}>
        + Citaat
      </button>
      <button type="button" onClick={() => insert(NODE.fragment)}>
        + Audiofragment
      </button>
      <button type="button" onClick={() => insert(NODE.video)}>
        + Video
      </button>
      <button type="button" onClick={() => insert(NODE.social)}>
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
 * headings of level 2, bold, italic and safe links, and the editor's own blocks.
 */
export const blockEditorExtensions = [
  StarterKit.configure({
    blockquote: false,
    bulletList: false,
    orderedList: false,
    listItem: false,
    listKeymap: false,
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
  keptFields,
  ...blockNodes,
];

/**
 * The article text as blocks (Tiptap): paragraphs with bold, italic and links, headings, and the
 * image (uploaded here, with caption and credit), quote, audio fragment, video and social embed
 * blocks. `value` and `onChange` carry the blocks as the server stores them (blocks.ts); a block
 * the editor did not change goes back exactly as it came.
 */
export function BlockEditor({ value, onChange, labelledBy, describedBy }: BlockEditorProps) {
  const emitted = useRef(JSON.stringify(value));
  // The value the editor is made with (useEditor's content), for onCreate.
  const latest = useRef(value);
  latest.current = value;
  const originals = useRef<Original[]>([]);
  const change = useRef(onChange);
  change.current = onChange;

  const editor = useEditor({
    extensions: blockEditorExtensions,
    content: blocksToDoc(value),
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
    },
    onUpdate: ({ editor: current }) => {
      const blocks = blocksOf(current.getJSON(), originals.current);
      emitted.current = JSON.stringify(blocks);
      change.current(blocks);
    },
  });

  // A value that did not come from this editor (a restored revision, a reset form) replaces it.
  useEffect(() => {
    const text = JSON.stringify(value);
    if (!editor || text === emitted.current) return;
    emitted.current = text;
    editor.commands.setContent(blocksToDoc(value), { emitUpdate: false });
    originals.current = originalsOf(editor, value);
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className="admin-block-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
