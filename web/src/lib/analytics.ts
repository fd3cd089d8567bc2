// Listener events (spec §2): a pure builder for their names and a sender that posts them to
// POST /api/events, only once the listener consented to analytics (the consent module calls
// setAnalyticsConsent).

import { slugify } from './slugify';

export type AnalyticsEventType = 'navigation' | 'exit' | 'click';

export interface AnalyticsEvent {
  name: string; // lower-case letters, digits, '_' and '-'
  type: AnalyticsEventType;
}

export const EVENTS_ENDPOINT = '/api/events';

/**
 * A click on a link/counter item of a radio block: 'player_radioblok_counter_{slugified title}_{slug}',
 * type 'exit' for an external link and 'navigation' otherwise.
 */
export function radioBlockCounterEvent(item: {
  title: string;
  slug: string;
  urlType: string;
}): AnalyticsEvent {
  return {
    name: `player_radioblok_counter_${slugify(item.title)}_${slugify(item.slug)}`.slice(0, 200),
    type: item.urlType === 'external' ? 'exit' : 'navigation',
  };
}

let consent = false;

/** Whether analytics events may be sent; false until the consent module says otherwise. */
export function setAnalyticsConsent(granted: boolean): void {
  consent = granted;
}

export function hasAnalyticsConsent(): boolean {
  return consent;
}

/**
 * Sends `event` when analytics consent is given; returns whether it was handed to the browser.
 * Uses sendBeacon so an exit click still arrives after the page is left; fetch with keepalive
 * otherwise. Failures are ignored: an event is never worth an error for the listener.
 */
export function trackEvent(event: AnalyticsEvent): boolean {
  if (!consent) return false;
  const body = JSON.stringify(event);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(EVENTS_ENDPOINT, new Blob([body], { type: 'application/json' }))) return true;
    }
    if (typeof fetch === 'function') {
      void fetch(EVENTS_ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        keepalive: true,
      }).catch(() => undefined);
      return true;
    }
  } catch {
    return false;
  }
  return false;
}
