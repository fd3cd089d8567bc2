// The editor's own blocks (Tiptap nodes): image with caption and credit, quote, audio fragment,
// video and social embed, each an atom edited through the fields of its React node view; and
// blocks of unknown types, kept unchanged. A card is selected only by keyboard (Backspace or Delete
// next to it first selects it), shows that it is, and a press on its chrome selects nothing
// (card-events.ts).

import { Extension, mergeAttributes, Node } from '@tiptap/core';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { useId, type ReactNode } from 'react';
import { applyFormat } from '../../../lib/images';
import type { ImageMedia } from '../../api/media-client';
import { ImageLibraryChooser, isReadyImage, useImageLibrary } from '../image-library';
import { UploadField } from '../upload-field';
import { NODE, SOCIAL_NETWORKS } from './blocks';
import { cardStopsEvent } from './card-events';
import { isCard, otherBlockType } from './removed-cards';

type Attrs = Record<string, unknown>;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function BlockCard({
  title,
  selected,
  children,
  onRemove,
}: {
  title: string;
  /** Selected as a whole: the next Backspace, Delete or letter removes it. */
  selected: boolean;
  children: ReactNode;
  onRemove: () => void;
}) {
  return (
    <NodeViewWrapper
      className={selected ? 'admin-block admin-block--selected' : 'admin-block'}
      contentEditable={false}
      data-drag-handle=""
    >
      <div className="admin-block__head">
        <span className="admin-block__title">{title}</span>
        {selected && <span className="admin-block__selected">Geselecteerd</span>}
        <button
          type="button"
          className="admin-link-button"
          onClick={onRemove}
          aria-label={`${title} verwijderen`}
        >
          Verwijderen
        </button>
      </div>
      {children}
    </NodeViewWrapper>
  );
}

function Field({
  label,
  value,
  onChange,
  multiline = false,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  hint?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          value={value}
          rows={3}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          type="text"
          value={value}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint && (
        <p id={hintId} className="admin-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * An image for the body: one of the library's, chosen again without a new upload, or a new upload
 * (which the library then holds). Either way the block gets the item with its credit and caption.
 */
function ImageFromLibraryOrUpload({ onChoose }: { onChoose: (media: ImageMedia) => void }) {
  const id = useId();
  const images = useImageLibrary();
  return (
    <>
      <ImageLibraryChooser id={id} images={images} onChoose={onChoose} />
      <UploadField
        kind="image"
        label="Afbeelding uploaden"
        onUploaded={(media) => {
          if (isReadyImage(media)) onChoose(media);
        }}
      />
    </>
  );
}

/**
 * The library's caption and credit of `media` for those of the block's fields that are still empty:
 * what the editor typed is never replaced.
 */
function libraryWords(attrs: Attrs, media: ImageMedia): Attrs {
  const words: Attrs = {};
  // An item from a server before the library kept them has neither.
  const caption = str(media.caption);
  const credit = str(media.credit);
  if (caption && !str(attrs['caption']).trim()) words['caption'] = caption;
  if (credit && !str(attrs['credit']).trim()) words['credit'] = credit;
  return words;
}

function ImageView({ node, selected, updateAttributes, deleteNode }: ReactNodeViewProps) {
  const attrs = node.attrs as Attrs;
  const url = str(attrs['url']);
  const set = (key: string) => (value: string) => updateAttributes({ [key]: value });
  return (
    <BlockCard title="Afbeelding" selected={selected} onRemove={deleteNode}>
      {url ? (
        <>
          <img className="admin-block__image" src={applyFormat(url, { width: 540, height: 405 })} alt="" />
          <button
            type="button"
            className="admin-link-button"
            // The fields kept with the old image (its size, say) are not the new one's.
            onClick={() => updateAttributes({ url: '', media: null, kept: null })}
          >
            Andere afbeelding kiezen
          </button>
        </>
      ) : (
        <ImageFromLibraryOrUpload
          onChoose={(media) =>
            updateAttributes({ url: media.contentUrl, media: media.id, ...libraryWords(attrs, media) })
          }
        />
      )}
      <Field
        label="Alt-tekst"
        value={str(attrs['alt'])}
        onChange={set('alt')}
        hint="Wat er te zien is, voor wie de afbeelding niet ziet."
      />
      <Field label="Bijschrift" value={str(attrs['caption'])} onChange={set('caption')} />
      <Field label="Fotograaf of bron" value={str(attrs['credit'])} onChange={set('credit')} />
    </BlockCard>
  );
}

function QuoteView({ node, selected, updateAttributes, deleteNode }: ReactNodeViewProps) {
  const attrs = node.attrs as Attrs;
  return (
    <BlockCard title="Citaat" selected={selected} onRemove={deleteNode}>
      <Field
        label="Citaat"
        multiline
        value={str(attrs['text'])}
        onChange={(text) => updateAttributes({ text })}
      />
      <Field label="Wie zei het" value={str(attrs['cite'])} onChange={(cite) => updateAttributes({ cite })} />
    </BlockCard>
  );
}

function FragmentView({ node, selected, updateAttributes, deleteNode }: ReactNodeViewProps) {
  return (
    <BlockCard title="Audiofragment" selected={selected} onRemove={deleteNode}>
      <Field
        label="Fragment (URL-naam)"
        value={str((node.attrs as Attrs)['fragment'])}
        onChange={(fragment) => updateAttributes({ fragment })}
        hint="De URL-naam van het fragment, bijvoorbeeld interview-met-de-burgemeester."
      />
    </BlockCard>
  );
}

function VideoView({ node, selected, updateAttributes, deleteNode }: ReactNodeViewProps) {
  return (
    <BlockCard title="Video" selected={selected} onRemove={deleteNode}>
      <Field
        label="Video (URL-naam)"
        value={str((node.attrs as Attrs)['video'])}
        onChange={(video) => updateAttributes({ video })}
        hint="De URL-naam van de video."
      />
    </BlockCard>
  );
}

function SocialView({ node, selected, updateAttributes, deleteNode }: ReactNodeViewProps) {
  const attrs = node.attrs as Attrs;
  const id = useId();
  return (
    <BlockCard title="Sociale post" selected={selected} onRemove={deleteNode}>
      <div className="admin-field">
        <label htmlFor={id}>Netwerk</label>
        <select
          id={id}
          value={str(attrs['network'])}
          onChange={(e) => updateAttributes({ network: e.target.value })}
        >
          <option value="">Kies een netwerk</option>
          {SOCIAL_NETWORKS.map((network) => (
            <option key={network} value={network}>
              {network}
            </option>
          ))}
        </select>
      </div>
      <Field
        label="Adres van de post"
        value={str(attrs['url'])}
        onChange={(url) => updateAttributes({ url })}
      />
      <Field
        label="Beschrijving"
        value={str(attrs['text'])}
        onChange={(text) => updateAttributes({ text })}
        hint="Getoond zolang de bezoeker sociale inhoud niet toestaat."
      />
    </BlockCard>
  );
}

function OtherView({ node, selected, deleteNode }: ReactNodeViewProps) {
  const type = otherBlockType((node.attrs as Attrs)['block']);
  return (
    <BlockCard title={`Blok '${type}'`} selected={selected} onRemove={deleteNode}>
      <p className="admin-hint">Dit blok kan hier niet worden bewerkt; het blijft zoals het is.</p>
    </BlockCard>
  );
}

// An atom block whose attributes live in data-* attributes when copied as HTML.
function atom(
  name: string,
  attributes: Record<string, unknown>,
  view: (props: ReactNodeViewProps) => ReactNode,
) {
  return Node.create({
    name,
    group: 'block',
    atom: true,
    selectable: true,
    draggable: true,
    addAttributes() {
      return Object.fromEntries(
        Object.entries(attributes).map(([key, fallback]) => [
          key,
          {
            default: fallback,
            parseHTML: (element: HTMLElement) => element.getAttribute(`data-${key}`) ?? fallback,
            renderHTML: (attrs: Attrs) => ({ [`data-${key}`]: attrs[key] }),
          },
        ]),
      );
    },
    parseHTML() {
      return [{ tag: `div[data-block="${name}"]` }];
    },
    renderHTML({ HTMLAttributes }) {
      return ['div', mergeAttributes({ 'data-block': name }, HTMLAttributes)];
    },
    addNodeView() {
      return ReactNodeViewRenderer(view, { stopEvent: ({ event }) => cardStopsEvent(event) });
    },
  });
}

export const blockNodes = [
  // `kept`: the stored fields the view does not edit (blocks.ts), given back on save.
  atom(NODE.image, { url: '', alt: '', caption: '', credit: '', media: null, kept: null }, ImageView),
  atom(NODE.quote, { text: '', cite: '', kept: null }, QuoteView),
  atom(NODE.fragment, { fragment: '', kept: null }, FragmentView),
  atom(NODE.video, { video: '', kept: null }, VideoView),
  atom(NODE.social, { network: '', url: '', text: '', kept: null }, SocialView),
  atom(NODE.other, { block: '{}' }, OtherView),
];

/**
 * `kept` on paragraphs, headings and lists: the stored fields they do not edit (blocks.ts), given back on
 * save. A paragraph split off one does not take them: it is a new block.
 */
export const keptFields = Extension.create({
  name: 'keptFields',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading', 'bulletList', 'orderedList'],
        attributes: { kept: { default: null, keepOnSplit: false, rendered: false } },
      },
    ];
  },
});

/**
 * Backspace at the start of a text right after a card, or Delete at the end of one right before a
 * card, first selects the card (shown as selected) instead of removing it at once; the next
 * Backspace or Delete removes it, and the editor says so with an undo (block-editor.tsx).
 */
export const cardKeys = Extension.create({
  name: 'cardKeys',
  // Before the keymap of Tiptap's core, which removes an atom before the cursor at once.
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      Backspace: ({ editor }) => {
        const { selection } = editor.state;
        const { $from } = selection;
        if (!selection.empty || $from.depth !== 1 || $from.parentOffset !== 0) return false;
        const before = editor.state.doc.resolve($from.before()).nodeBefore;
        return isCard(before?.type.name) && editor.commands.selectNodeBackward();
      },
      Delete: ({ editor }) => {
        const { selection } = editor.state;
        const { $from } = selection;
        if (!selection.empty || $from.depth !== 1 || $from.parentOffset !== $from.parent.content.size)
          return false;
        const after = editor.state.doc.resolve($from.after()).nodeAfter;
        return isCard(after?.type.name) && editor.commands.selectNodeForward();
      },
    };
  },
});
