import { describe, expect, it } from 'vitest';
import type { ContentField, FieldKind } from '../../api/content-client';
import { isSettingsField } from './field-placement';

const field = (kind: FieldKind): ContentField => ({ name: kind, label: kind, kind }) as ContentField;

describe('isSettingsField', () => {
  it('puts the image, choices, references, switches, times and colours beside the text', () => {
    for (const kind of ['image', 'choice', 'reference', 'relation', 'flag', 'instant', 'color'] as const)
      expect(isSettingsField(field(kind)), kind).toBe(true);
  });
  it('keeps the text, its body, tags, numbers, links and audio in the main column', () => {
    for (const kind of ['text', 'longText', 'slug', 'blocks', 'tags', 'integer', 'url', 'audio'] as const)
      expect(isSettingsField(field(kind)), kind).toBe(false);
  });
});
