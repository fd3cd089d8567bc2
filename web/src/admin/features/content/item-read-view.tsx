import type { ReactNode } from 'react';
import { applyFormat } from '../../../lib/images';
import { formatInstant } from '../../api/admin-client';
import type { ContentField, ContentItem, ContentType, ReferenceOption } from '../../api/content-client';
import { THUMBNAIL } from '../../components/image-library';
import { optionKey } from './content-field';
import { isDerived } from './content-schema';
import { derivedText } from './field-text';
import { useReferenceOptions } from './use-reference-options';
import { blockImage, blockName, blocksOf, blockText, valueText } from './version-diff';

/** A field's value as a reader sees it: a reference by its label, a moment in Dutch time, a choice by its name. */
function fieldText(field: ContentField, value: unknown, options: ReferenceOption[] | undefined): string {
  if (field.kind === 'reference' || field.kind === 'relation') {
    const keys = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map(
      String,
    );
    return keys
      .map((key) => options?.find((option) => optionKey(field, option) === key)?.label ?? key)
      .join(', ');
  }
  if (field.kind === 'instant') return typeof value === 'string' ? formatInstant(value) : '';
  if (field.kind === 'choice')
    return field.choices.find((choice) => choice.value === value)?.label ?? valueText(value);
  return valueText(value);
}

/** A picture's address at a thumbnail's size (a library image is stored as the URL of its sizes). */
const thumbnail = (url: string) => (url.includes('{format}') ? applyFormat(url, THUMBNAIL) : url);

/**
 * An item its user may not change, to read: every field with its label, the body block by block,
 * pictures as pictures, the audio by its file and duration. What the form would show, without a
 * field to type in.
 */
export function ItemReadView({ type, item }: { type: ContentType; item: ContentItem }) {
  const options = useReferenceOptions(type);
  const altFields = new Set(type.fields.map((field) => field.altField).filter(Boolean));
  // The audio is shown by what was derived from it (its file, duration, size), not by its id.
  const fields = type.fields.filter((field) => field.kind !== 'audio' && !altFields.has(field.name));
  return (
    <section className="admin-read-view" aria-labelledby="read-view-heading">
      <h2 id="read-view-heading">Gegevens</h2>
      <dl>
        {fields.map((field) => {
          const value = item.values[field.name];
          let shown: ReactNode;
          if (field.kind === 'blocks') {
            const blocks = blocksOf(value);
            shown = blocks.length ? (
              blocks.map((block, index) => {
                const image = blockImage(block);
                const text = blockText(block);
                return (
                  <div key={index} className="admin-read-block">
                    {block.type !== 'paragraph' && <span className="admin-muted">{blockName(block)}: </span>}
                    {image && (
                      <img
                        className="admin-diff-picture"
                        src={thumbnail(image)}
                        alt={String((block as Record<string, unknown>)['alt'] ?? '')}
                      />
                    )}
                    {text}
                  </div>
                );
              })
            ) : (
              <span className="admin-muted">(leeg)</span>
            );
          } else if (field.kind === 'image') {
            const alt = field.altField ? valueText(item.values[field.altField]) : '';
            shown =
              typeof value === 'string' && value ? (
                <img className="admin-diff-picture" src={thumbnail(value)} alt={alt} />
              ) : (
                <span className="admin-muted">(geen afbeelding)</span>
              );
          } else {
            const text = isDerived(field)
              ? derivedText(field, value)
              : fieldText(field, value, options[field.name]);
            shown = text || <span className="admin-muted">(leeg)</span>;
          }
          return (
            <div key={field.name} className="admin-read-field">
              <dt>{field.label}</dt>
              <dd>{shown}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
