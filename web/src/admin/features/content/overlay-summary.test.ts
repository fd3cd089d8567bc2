import { describe, expect, it } from 'vitest';
import { isLiveNow, visitorSentence } from './overlay-summary';

const banner = { type: 'maintenance-notifications', id: '4', title: 'Onderhoud' };
const modal = { type: 'event-modals', id: '4', title: 'Top 2000' };

describe('visitorSentence', () => {
  it('names the banner and the modal a visitor sees', () => {
    expect(visitorSentence({ banner, modal })).toBe(
      'Een bezoeker ziet nu de onderhoudsmelding ‘Onderhoud’ en het evenementblok ‘Top 2000’.',
    );
  });

  it('says plainly when there is none', () => {
    expect(visitorSentence({ banner: null, modal: null })).toBe(
      'Een bezoeker ziet nu geen onderhoudsmelding en geen evenementblok.',
    );
    expect(visitorSentence({ banner, modal: null })).toBe(
      'Een bezoeker ziet nu de onderhoudsmelding ‘Onderhoud’ en geen evenementblok.',
    );
  });
});

describe('isLiveNow', () => {
  it('marks only the overlay of the same type and id', () => {
    const onSite = { banner, modal: null };
    expect(isLiveNow(onSite, 'maintenance-notifications', '4')).toBe(true);
    expect(isLiveNow(onSite, 'event-modals', '4')).toBe(false);
    expect(isLiveNow(onSite, 'maintenance-notifications', '5')).toBe(false);
    expect(isLiveNow(undefined, 'maintenance-notifications', '4')).toBe(false);
  });
});
