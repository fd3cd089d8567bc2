// Feed discovery after client-side navigation: while a podcast or episode page is shown, the head
// carries <link rel="alternate" type="application/rss+xml"> for its feed, as the server's shell
// does on a full page load; leaving the page removes it.

import { useEffect } from 'react';

import type { PodcastFeed } from '../../api/types';
import { routes } from '../../lib/routes';

const SELECTOR = 'link[rel="alternate"][type="application/rss+xml"]';

/** Puts the feed's link into the head (reusing the shell's) and returns a function that removes it. */
export function applyFeedLink(
  feed: Pick<PodcastFeed, 'slug' | 'title'>,
  baseUrl: string,
  doc: Document = document,
) {
  let link = doc.head.querySelector<HTMLLinkElement>(SELECTOR);
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/rss+xml';
    doc.head.appendChild(link);
  }
  link.title = `${feed.title} (RSS)`;
  link.href = `${baseUrl.replace(/\/+$/, '')}${routes.podcastFeed(feed.slug)}`;
  const added = link;
  return () => added.remove();
}

export function useFeedLink(feed: Pick<PodcastFeed, 'slug' | 'title'>, baseUrl: string) {
  const { slug, title } = feed;
  useEffect(() => applyFeedLink({ slug, title }, baseUrl), [slug, title, baseUrl]);
}
