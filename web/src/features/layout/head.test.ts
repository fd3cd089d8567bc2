import { describe, expect, it } from 'vitest';
import { applyHead } from './head';

describe('applyHead', () => {
  it('creates and then updates title, description and canonical', () => {
    document.head.innerHTML = '';
    applyHead({ title: 'Gids | Ether', description: 'De gids', canonical: 'http://x/gids' });
    expect(document.title).toBe('Gids | Ether');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('De gids');
    applyHead({ title: 'Nieuws | Ether', description: 'Het nieuws', canonical: 'http://x/nieuws' });
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://x/nieuws',
    );
  });
});
