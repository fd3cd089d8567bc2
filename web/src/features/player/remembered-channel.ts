// The channel a listener chose last (issue 51, trip 5): kept in localStorage, so that a reload loads
// it again instead of the site's default channel. A slug the site no longer has is ignored.

import type { SiteConfig } from '../../api/types';

/** The localStorage key of the remembered channel. */
export const CHANNEL_KEY = 'ether.channel';

type ChannelStore = Pick<Storage, 'getItem' | 'setItem'>;

function browserStore(): ChannelStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage refused by the browser's settings: nothing is remembered
  }
}

/** The remembered channel when the site still has it, else null. */
export function rememberedChannel(
  site: SiteConfig,
  store: ChannelStore | null = browserStore(),
): string | null {
  try {
    const slug = store?.getItem(CHANNEL_KEY);
    return slug && site.channels.some((c) => c.slug === slug) ? slug : null;
  } catch {
    return null;
  }
}

/** Remembers `slug` as the listener's channel. */
export function rememberChannel(slug: string, store: ChannelStore | null = browserStore()): void {
  try {
    store?.setItem(CHANNEL_KEY, slug);
  } catch {
    // A full or refused storage: the next load starts on the default channel, as before.
  }
}
