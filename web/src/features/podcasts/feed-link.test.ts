import { describe, expect, it } from 'vitest';

import { applyFeedLink } from './feed-link';

describe('applyFeedLink', () => {
  it('adds the feed link to the head and removes it again', () => {
    const remove = applyFeedLink({ slug: 'sportpraat', title: 'Sportpraat' }, 'https://ether.example/');
    const link = document.head.querySelector<HTMLLinkElement>(
      'link[rel="alternate"][type="application/rss+xml"]',
    );
    expect(link?.getAttribute('href')).toBe('https://ether.example/podcasts/sportpraat/feed.xml');
    expect(link?.title).toBe('Sportpraat (RSS)');
    remove();
    expect(document.head.querySelector('link[rel="alternate"]')).toBeNull();
  });

  it("reuses the shell's link instead of adding a second one", () => {
    document.head.innerHTML =
      '<link rel="alternate" type="application/rss+xml" title="Oud (RSS)" href="https://ether.example/podcasts/oud/feed.xml">';
    const remove = applyFeedLink({ slug: 'nieuw', title: 'Nieuw' }, 'https://ether.example');
    const links = document.head.querySelectorAll('link[rel="alternate"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://ether.example/podcasts/nieuw/feed.xml');
    remove();
  });
});
