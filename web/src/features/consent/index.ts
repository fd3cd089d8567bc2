// Consent (necessary, analytics, social): the settings link, the hook and the settings opener.
export { ConsentLink, CONSENT_LINK_DELAY_MS } from './consent-link';
export { grantConsent, openConsentSettings, startConsent } from './consent';
export {
  getConsentState,
  hasConsent,
  isConsentSettled,
  onConsentChange,
  type ConsentCategory,
  type ConsentState,
} from './consent-store';
export { useConsent, useConsentSettled } from './use-consent';
