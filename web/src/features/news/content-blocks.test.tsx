import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArticleData, ContentBlock, PageEnvelope } from '../../api/types';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const path = '/nieuws/sport/1201/oranje-wint-in-de-slotminuut';

/** The article fixture with `blocks` as its body. */
function articleWith(blocks: ContentBlock[]): PageEnvelope {
  const envelope = fixturePage(path) as PageEnvelope<ArticleData>;
  return { ...envelope, data: { ...envelope.data, article: { ...envelope.data.article, blocks } } };
}

describe('ContentBlocks paragraphs', () => {
  it('renders a paragraph’s emphasis and links as elements', async () => {
    renderApp(
      articleWith([
        {
          type: 'paragraph',
          text: 'Het kabinet valt, meldt de omroep. Zie de gids.',
          html:
            'Het <strong>kabinet</strong> <em>valt</em>, meldt <a href="https://nos.example/nieuws" rel="noopener noreferrer">de omroep</a>.<br>' +
            'Zie <a href="/gids" rel="noopener noreferrer">de gids</a>.',
        },
      ]),
      path,
    );
    const strong = await screen.findByText('kabinet');
    expect(strong.tagName).toBe('STRONG');
    expect(screen.getByText('valt').tagName).toBe('EM');
    const paragraph = strong.closest('p');
    expect(paragraph).toHaveTextContent(
      'Het kabinet valt, meldt de omroep (opent in een nieuw venster).Zie de gids.',
    );
    expect(paragraph?.querySelector('br')).not.toBeNull();
    // An outside link opens in a new tab; a site link stays in the app (the player keeps playing).
    const outside = screen.getByRole('link', { name: 'de omroep (opent in een nieuw venster)' });
    expect(outside).toHaveAttribute('href', 'https://nos.example/nieuws');
    expect(outside).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'de gids' })).toHaveAttribute('href', '/gids');
  });

  it('still renders a plain-text paragraph as text', async () => {
    renderApp(articleWith([{ type: 'paragraph', text: 'Gewone <b>tekst</b> & meer' }]), path);
    const paragraph = await screen.findByText('Gewone <b>tekst</b> & meer');
    expect(paragraph.tagName).toBe('P');
    expect(paragraph.querySelector('b')).toBeNull();
  });

  it('builds only whitelisted elements even from html the server did not clean', async () => {
    const { container } = renderApp(
      articleWith([
        {
          type: 'paragraph',
          text: 'Klik hier',
          html:
            '<script>window.pwned = true</script><img src="x" onerror="window.pwned = true">' +
            '<a href="javascript:window.pwned=true" onclick="window.pwned = true">Klik hier</a>' +
            '<span style="color:red">rood</span>',
        },
      ]),
      path,
    );
    const text = await screen.findByText(/Klik hier/);
    const prose = text.closest('.prose');
    expect(prose).toHaveTextContent('Klik hierrood');
    expect(prose?.querySelector('script, img, span, [onclick], [onerror], [style]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Klik hier' })).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });
});

describe('ContentBlocks lists', () => {
  it('renders a bulleted and a numbered list, items with their links', async () => {
    renderApp(
      articleWith([
        {
          type: 'list',
          ordered: false,
          items: [
            { text: 'Eerste punt', html: 'Eerste punt' },
            { text: 'Zie de gids', html: 'Zie <a href="/gids">de gids</a>' },
          ],
        },
        {
          type: 'list',
          ordered: true,
          items: [{ text: 'Een' }, { text: 'Twee', html: '<strong>Twee</strong>' }],
        },
      ]),
      path,
    );
    const lists = await screen.findAllByRole('list');
    const bullets = lists.find((list) => list.tagName === 'UL' && list.closest('.prose'));
    const numbers = lists.find((list) => list.tagName === 'OL' && list.closest('.prose'));
    expect(bullets?.querySelectorAll('li')).toHaveLength(2);
    expect(bullets).toHaveTextContent('Eerste puntZie de gids');
    expect(screen.getByRole('link', { name: 'de gids' })).toHaveAttribute('href', '/gids');
    expect(numbers?.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('Twee').tagName).toBe('STRONG');
  });
});
