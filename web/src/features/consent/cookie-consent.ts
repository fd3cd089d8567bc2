// Runs vanilla-cookieconsent v3 (its code and stylesheet are a separate chunk, imported by
// consent.ts only after the first paint) with Dutch texts and the three categories, and mirrors
// the visitor's choices into the consent store. The consent box's texts are also drawn by the
// server (server/src/shell/consent_box.cpp): a change here goes there too.

import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent.css';
import { fromList, setConsentState, type ConsentCategory } from './consent-store';

function mirror(): void {
  setConsentState(
    fromList(CookieConsent.getUserPreferences().acceptedCategories),
    CookieConsent.validConsent(),
  );
}

export interface RunOptions {
  /** Whether the library draws its own consent box when no valid choice is stored. */
  autoShow: boolean;
  /** Called when the settings dialog closes. */
  onPreferencesHidden?: () => void;
}

/**
 * Starts the library: with `autoShow`, it shows its consent box when no valid choice is stored yet
 * (the server's box, consent-box.ts, asks instead on a page that came with one).
 */
export async function runCookieConsent(options: RunOptions): Promise<void> {
  await CookieConsent.run({
    mode: 'opt-in',
    autoShow: options.autoShow,
    // The box is cheap and crawlers store no cookies; tests drive a real browser that reports webdriver.
    hideFromBots: false,
    disablePageInteraction: false,
    guiOptions: {
      consentModal: { layout: 'box', position: 'bottom left', equalWeightButtons: true },
      preferencesModal: { layout: 'box', equalWeightButtons: true },
    },
    cookie: { name: 'cc_cookie', sameSite: 'Lax', expiresAfterDays: 182 },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {},
      social: {},
    },
    onConsent: mirror,
    onChange: mirror,
    onModalHide: ({ modalName }) => {
      if (modalName === 'preferencesModal') options.onPreferencesHidden?.();
    },
    language: {
      default: 'nl',
      translations: {
        nl: {
          consentModal: {
            label: 'Toestemming voor cookies',
            title: 'Cookies op deze site',
            description:
              'We gebruiken noodzakelijke cookies om de site te laten werken. Met jouw toestemming meten we ook fouten en gebruik (analyse) en tonen we berichten van sociale media, waarbij die diensten cookies kunnen plaatsen.',
            acceptAllBtn: 'Alles accepteren',
            acceptNecessaryBtn: 'Alleen noodzakelijk',
            showPreferencesBtn: 'Zelf kiezen',
          },
          preferencesModal: {
            title: 'Cookie-instellingen',
            acceptAllBtn: 'Alles accepteren',
            acceptNecessaryBtn: 'Alleen noodzakelijk',
            savePreferencesBtn: 'Keuze opslaan',
            closeIconLabel: 'Sluiten',
            sections: [
              {
                description:
                  'Kies per categorie waarvoor je toestemming geeft. Je kunt je keuze altijd wijzigen via de link Cookie-instellingen onderaan de pagina.',
              },
              {
                title: 'Noodzakelijk',
                description:
                  'Nodig om de site en de speler te laten werken, en om je keuze hier te onthouden. Altijd aan.',
                linkedCategory: 'necessary',
              },
              {
                title: 'Analyse',
                description:
                  'Foutmeldingen en prestatiemetingen, zonder je naam of IP-adres, zodat we problemen op de site kunnen oplossen.',
                linkedCategory: 'analytics',
              },
              {
                title: 'Sociale media',
                description:
                  'Berichten van bijvoorbeeld X en Instagram in artikelen. Die diensten kunnen daarbij cookies plaatsen en je volgen.',
                linkedCategory: 'social',
              },
            ],
          },
        },
      },
    },
  });
  mirror();
}

/** Opens the preferences dialog. */
export function showPreferences(): void {
  CookieConsent.showPreferences();
}

/** Stores the choice of the server's consent box: every category, or only the necessary one. */
export function acceptChoice(choice: 'all' | 'necessary'): void {
  CookieConsent.acceptCategory(choice === 'all' ? 'all' : []);
  mirror();
}

/** Grants one category on top of the current choices. */
export function acceptCategory(category: ConsentCategory): void {
  const accepted = CookieConsent.getUserPreferences().acceptedCategories;
  CookieConsent.acceptCategory([...new Set([...accepted, category])]);
  mirror();
}
