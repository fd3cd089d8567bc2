import { describe, expect, it } from 'vitest';
import { blocksToDoc, docToBlocks, inlineFromHtml, isSafeUrl, type StoredBlock } from './blocks';

const article: StoredBlock[] = [
  { type: 'paragraph', text: 'Een gewone alinea.' },
  { type: 'heading', text: 'Een tussenkop' },
  {
    type: 'paragraph',
    text: 'Lees het hele verhaal op onze site.',
    html: 'Lees het <strong>hele</strong> <em>verhaal</em> op <a href="https://ether.example/nieuws">onze site</a>.',
  },
  {
    type: 'image',
    url: '/uploads/images/abc/f500-500/w_1080.webp',
    alt: 'De studio',
    caption: 'De nieuwe studio',
    credit: 'Foto: Anna',
    media: 12,
  },
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

describe('blocks', () => {
  it('come out of the editor document exactly as they went in', () => {
    expect(docToBlocks(blocksToDoc(article))).toEqual(article);
  });

  it('keep the fields the editor does not show on a block it edits', () => {
    const doc = blocksToDoc([
      { type: 'image', url: '/a.webp', alt: 'A', caption: 'Oud', width: 1080, type2: 'x' },
      { type: 'quote', text: 'Ja.', cite: 'Nee', lang: 'nl' },
    ]);
    const image = doc.content?.[0];
    if (image?.attrs) image.attrs['caption'] = 'Nieuw';
    const quote = doc.content?.[1];
    if (quote?.attrs) quote.attrs['cite'] = '';
    expect(docToBlocks(doc)).toEqual([
      { type: 'image', url: '/a.webp', alt: 'A', caption: 'Nieuw', width: 1080, type2: 'x' },
      { type: 'quote', text: 'Ja.', cite: '', lang: 'nl' },
    ]);
  });

  it('read a paragraph with only html (as a CMS stores it) and keep bold, italic and safe links', () => {
    const doc = blocksToDoc([
      {
        type: 'paragraph',
        text: '',
        html: '<p>Hallo <b>wereld</b>, <i>kijk</i> <a href="javascript:alert(1)">hier</a><script>x()</script></p>',
      },
    ]);
    expect(docToBlocks(doc)).toEqual([
      {
        type: 'paragraph',
        text: 'Hallo wereld, kijk hier',
        html: 'Hallo <strong>wereld</strong>, <em>kijk</em> hier',
      },
    ]);
  });

  it('escape text in the html they write and leave empty paragraphs and headings out', () => {
    const blocks = docToBlocks({
      type: 'doc',
      content: [
        { type: 'paragraph' },
        { type: 'heading', attrs: { level: 2 } },
        { type: 'paragraph', content: [{ type: 'text', text: 'a < b & "c"', marks: [{ type: 'bold' }] }] },
      ],
    });
    expect(blocks).toEqual([
      { type: 'paragraph', text: 'a < b & "c"', html: '<strong>a &lt; b &amp; &quot;c&quot;</strong>' },
    ]);
  });

  it('give an empty document one empty paragraph to type in', () => {
    expect(blocksToDoc([])).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(docToBlocks(blocksToDoc([]))).toEqual([]);
  });

  it('allow the link targets the server allows', () => {
    expect(isSafeUrl('https://ether.example/a')).toBe(true);
    expect(isSafeUrl('mailto:redactie@ether.example')).toBe(true);
    expect(isSafeUrl('/nieuws')).toBe(true);
    expect(isSafeUrl('//evil.example')).toBe(false);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('data:text/html,x')).toBe(false);
    expect(isSafeUrl('https://a b')).toBe(false);
    expect(inlineFromHtml('<a href="/gids">de gids</a>')).toEqual([
      { type: 'text', text: 'de gids', marks: [{ type: 'link', attrs: { href: '/gids' } }] },
    ]);
  });
});
