import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { openConsentSettings } from './consent';

/** spec §2, §9: the consent settings link shows this long after each route change. */
export const CONSENT_LINK_DELAY_MS = 1000;

/**
 * The 'Cookie-instellingen' link. It sits in the page flow after the footer (never over the mini
 * player or other controls) and appears CONSENT_LINK_DELAY_MS after each route change.
 */
export function ConsentLink() {
  const { pathname: path, search } = useLocation();
  const pathname = `${path}${search}`;
  const [visibleFor, setVisibleFor] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setVisibleFor(pathname), CONSENT_LINK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  if (visibleFor !== pathname) return null;
  return (
    <p className="consent-link">
      <button
        type="button"
        className="consent-link__button"
        aria-haspopup="dialog"
        onClick={() => {
          openConsentSettings().catch((error: unknown) =>
            console.error('Cookie-instellingen konden niet openen', error),
          );
        }}
      >
        Cookie-instellingen
      </button>
    </p>
  );
}
