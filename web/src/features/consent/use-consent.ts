import { useSyncExternalStore } from 'react';
import { getConsentState, isConsentSettled, onConsentChange, type ConsentCategory } from './consent-store';

/** Whether the visitor granted `category`; re-renders when the choice changes. */
export function useConsent(category: ConsentCategory): boolean {
  return useSyncExternalStore(onConsentChange, () => getConsentState()[category]);
}

/** Whether the consent box is out of the way (isConsentSettled); re-renders when that changes. */
export function useConsentSettled(): boolean {
  return useSyncExternalStore(onConsentChange, isConsentSettled);
}
