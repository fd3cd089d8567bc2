import { describe, expect, it } from 'vitest';
import { MODAL_FALLBACK_IMAGE, toModalView } from './modal-view';
import { modalBlock } from './test-data';

describe('toModalView', () => {
  it('derives the view of a countdown block', () => {
    expect(toModalView(modalBlock())).toEqual({
      id: 7,
      title: 'De Top 2000 Dagen komen eraan!',
      description: 'Stem nu op je favoriete platen.',
      buttonText: 'Stem en lees meer',
      buttonUrl: '/thema/top-2000-dagen',
      image: '/images/pages/top-2000-dagen-modal.webp',
      logoUrl: '/images/channels/radio2.webp',
      type: 'cms_countclock_countdown',
      caption: 'Nog even en de lijst begint',
      endDate: '2026-12-25 00:00:00',
      // startDate belongs to count-ups only.
      startDate: null,
    });
  });

  it('keeps startDate for a count-up', () => {
    const view = toModalView(
      modalBlock({
        countClock: {
          __typename: 'cms_countclock_countup',
          caption: 'Al bezig sinds',
          endDate: null,
          startDate: '2026-11-01 12:00:00',
        },
      }),
    );
    expect(view).toMatchObject({
      type: 'cms_countclock_countup',
      startDate: '2026-11-01 12:00:00',
      caption: 'Al bezig sinds',
      endDate: null,
    });
  });

  it('ignores caption and endDate of an unknown item', () => {
    const view = toModalView(
      modalBlock({
        countClock: {
          __typename: 'cms_article_body_unknown_item',
          caption: 'x',
          endDate: '2026-12-25 00:00:00',
          startDate: '2026-11-01 00:00:00',
        },
      }),
    );
    expect(view).toMatchObject({
      type: 'cms_article_body_unknown_item',
      caption: null,
      endDate: null,
      startDate: null,
    });
  });

  it('has no clock fields without a count clock', () => {
    expect(toModalView(modalBlock({ countClock: null }))).toMatchObject({
      type: null,
      caption: null,
      endDate: null,
      startDate: null,
    });
  });

  it('falls back to the not-available image and leaves absolute URLs alone', () => {
    expect(toModalView(modalBlock({ backgroundImage: null })).image).toBe(MODAL_FALLBACK_IMAGE);
    expect(toModalView(modalBlock({ backgroundImage: { url: '' } })).image).toBe(
      '/images/pages/not_available_page.webp',
    );
    const absolute = toModalView(
      modalBlock({ backgroundImage: { url: 'https://cdn.example/a.webp' }, cmsLogo: { url: '/logo.svg' } }),
    );
    expect(absolute.image).toBe('https://cdn.example/a.webp');
    expect(absolute.logoUrl).toBe('/logo.svg');
    expect(toModalView(modalBlock({ cmsLogo: null })).logoUrl).toBeNull();
  });
});
