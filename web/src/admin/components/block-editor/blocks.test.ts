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
  {
    type: 'list',
    ordered: false,
    items: [
      { text: 'Eerste punt' },
      { text: 'Tweede met link', html: 'Tweede met <a href="https://ether.example/">link</a>' },
    ],
  },
  { type: 'list', ordered: true, items: [{ text: 'Een' }, { text: 'Twee' }] },
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

  it('make bulleted and numbered lists of list blocks, one list item per item', () => {
    const doc = blocksToDoc([
      {
        type: 'list',
        ordered: true,
        items: [{ text: 'Een', html: '<strong>Een</strong>' }, { text: 'Twee' }],
      },
    ]);
    expect(doc.content?.[0]?.type).toBe('orderedList');
    expect(doc.content?.[0]?.content?.map((item) => item.type)).toEqual(['listItem', 'listItem']);
    expect(blocksToDoc([{ type: 'list', ordered: false, items: [{ text: 'A' }] }]).content?.[0]?.type).toBe(
      'bulletList',
    );
  });

  it('leave empty list items out, a list without items altogether, and flatten a nested list', () => {
    const item = (text: string) => ({
      type: 'listItem',
      content: text ? [{ type: 'paragraph', content: [{ type: 'text', text }] }] : [{ type: 'paragraph' }],
    });
    const nested = {
      type: 'listItem',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Boven' }] },
        { type: 'bulletList', content: [item('Onder')] },
      ],
    };
    expect(
      docToBlocks({
        type: 'doc',
        content: [
          { type: 'bulletList', content: [item('Een'), item(''), nested] },
          { type: 'orderedList', content: [item('')] },
        ],
      }),
    ).toEqual([
      { type: 'list', ordered: false, items: [{ text: 'Een' }, { text: 'Boven' }, { text: 'Onder' }] },
    ]);
  });

  it('keep a space typed at the edge of a paragraph, so that joining two again loses none', () => {
    const split = docToBlocks({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Nieuws uit de ' },
            {
              type: 'text',
              text: 'gemeente ',
              marks: [{ type: 'link', attrs: { href: 'https://ether.example/' } }],
            },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: ' Den Haag', marks: [{ type: 'bold' }] }] },
      ],
    });
    const [first, second] = blocksToDoc(split).content ?? [];
    const text = [first, second]
      .map((node) => (node?.content ?? []).map((child) => child.text).join(''))
      .join('');
    expect(text).toBe('Nieuws uit de gemeente  Den Haag');
  });

  it('drop the line breaks and indentation around a CMS paragraph, not its words', () => {
    expect(inlineFromHtml('\n  <b>Hallo</b>  wereld\n')).toEqual([
      { type: 'text', text: 'Hallo', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' wereld' },
    ]);
  });
});
