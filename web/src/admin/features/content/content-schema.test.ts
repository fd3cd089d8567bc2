import { describe, expect, it } from 'vitest';
import { ISRC_MESSAGE } from '../../../lib/isrc';
import { contentField, programmesType } from '../../test-support/content-fixtures';
import { contentSchema } from './content-schema';

const songs = programmesType({
  name: 'songs',
  fields: [contentField('title', 'Titel', 'text', { required: true }), contentField('isrc', 'ISRC', 'isrc')],
});

describe('contentSchema of an ISRC field', () => {
  it('takes an ISRC with or without hyphens, or none', () => {
    for (const isrc of ['NL-A1B-24-00001', 'nla1b2400001', ''])
      expect(contentSchema(songs).safeParse({ title: 'Storm', isrc }).success).toBe(true);
  });

  it('says what an ISRC is when the text is none', () => {
    const parsed = contentSchema(songs).safeParse({ title: 'Storm', isrc: 'NL-A1B-24' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([ISRC_MESSAGE]);
  });
});
