// What visitors see of the two overlays, in words for the overlay lists and the start page. The
// server picks them by one rule (lowest 'Volgorde' first; of equal ones the last published).

import type { OnSite } from '../../api/content-client';

/** The rule by which visitors see one banner and one modal, in one sentence. */
export const OVERLAY_RULE =
  'Bezoekers zien de melding en het evenementblok met de laagste volgorde; bij een gelijke volgorde het laatst gepubliceerde.';

/** The marking of the overlay visitors see now. */
export const LIVE_NOW_LABEL = 'Nu zichtbaar voor bezoekers';

/** One sentence: which banner and which modal a visitor sees now, or that there is none. */
export function visitorSentence(onSite: OnSite): string {
  const banner = onSite.banner ? `de onderhoudsmelding ‘${onSite.banner.title}’` : 'geen onderhoudsmelding';
  const modal = onSite.modal ? `het evenementblok ‘${onSite.modal.title}’` : 'geen evenementblok';
  return `Een bezoeker ziet nu ${banner} en ${modal}.`;
}

/** Whether item `id` of type `type` is the banner or the modal visitors see now. */
export function isLiveNow(onSite: OnSite | undefined, type: string, id: string): boolean {
  if (!onSite) return false;
  return [onSite.banner, onSite.modal].some((overlay) => overlay?.type === type && overlay.id === id);
}
