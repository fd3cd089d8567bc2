import { useSyncExternalStore } from 'react';
import { getConsentState, onConsentChange, type ConsentCategory } from './consent-store';

/** Whether the visitor granted `category`; re-renders when the choice changes. */
export function useConsent(category: ConsentCategory): boolean {
  return useSyncExternalStore(onConsentChange, () => getConsentState()[category]);
}
