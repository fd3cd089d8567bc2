// The derived modal view of spec §3: what the event modal renders, built from a content block.

import type { CountClockType, EventModalBlock } from './types';

/** The spec's fallback background image, served from the site's own /images. */
export const MODAL_FALLBACK_IMAGE = '/images/pages/not_available_page.webp';

export interface EventModalView {
  id: number;
  title: string;
  description: string;
  buttonText: string;
  buttonUrl: string;
  image: string;
  logoUrl: string | null;
  /** The count clock's type; null when the block has no count clock. */
  type: CountClockType | null;
  caption: string | null;
  endDate: string | null;
  startDate: string | null;
}

const nonEmpty = (value: string | null | undefined): string | null => (value ? value : null);

/** Root-relative image paths ('images/x.webp') become '/images/x.webp'; absolute URLs stay. */
function imageUrl(url: string): string {
  if (/^(https?:)?\/\//.test(url) || url.startsWith('/') || url.startsWith('data:')) return url;
  return `/${url}`;
}

/** The modal view of a block: startDate only for a count-up, no caption or endDate for an unknown item. */
export function toModalView(block: EventModalBlock): EventModalView {
  const clock = block.countClock;
  const type = clock?.__typename ?? null;
  const known = clock !== null && type !== 'cms_article_body_unknown_item';
  const background = nonEmpty(block.backgroundImage?.url);
  const logo = nonEmpty(block.cmsLogo?.url);
  return {
    id: block.id,
    title: block.title,
    description: block.description,
    buttonText: block.relatedUrlText,
    buttonUrl: block.relatedUrl,
    image: background ? imageUrl(background) : MODAL_FALLBACK_IMAGE,
    logoUrl: logo ? imageUrl(logo) : null,
    type,
    caption: known ? nonEmpty(clock.caption) : null,
    endDate: known ? nonEmpty(clock.endDate) : null,
    startDate: clock && type === 'cms_countclock_countup' ? nonEmpty(clock.startDate) : null,
  };
}
