import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FragmentsData, PageEnvelope, ProgrammeFragmentsData } from '../../api/types';
import { addDays, formatLongIsoDate, isoToRouteDate, todayIso } from '../../lib/format-date';
import { notFoundEnvelope, fixturePage } from '../../test/fixtures';
import { pageFetch, renderApp } from '../../test/render-app';
import { splitTags } from './fragments-pages';

const detail = '/fragmenten/de-ochtendploeg/301/2026-11-20-live-in-de-studio';

describe('FragmentPage', () => {
  it("links a fragment's topics to its programme's fragments page (spec §2 program rule)", async () => {
    renderApp(fixturePage(detail), detail);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Live in de studio: De Golven' }),
    ).toBeInTheDocument();
    const topics = screen.getByRole('navigation', { name: 'Onderwerpen' });
    expect(within(topics).getByRole('link', { name: 'Live' })).toHaveAttribute(
      'href',
      '/programmas/de-ochtendploeg/fragmenten?tag=Live',
    );
    expect(screen.getByRole('button', { name: 'Luister fragment' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Hierna' })).toHaveTextContent('Het weer');
  });
});

describe('FragmentsPage tags', () => {
  const tags = Array.from({ length: 30 }, (_, i) => `tag-${String(i).padStart(2, '0')}`);
  const topTags = [...tags].reverse().slice(0, 12);

  it('shows the 12 most used tags first and keeps an active tag in view', () => {
    const { top, rest } = splitTags({ tag: null, tags, topTags });
    expect(top).toEqual(topTags);
    expect(rest).toHaveLength(18);
    expect(rest[0]).toBe('tag-00');
    const active = splitTags({ tag: 'tag-00', tags, topTags });
    expect(active.top).toContain('tag-00');
    expect(active.rest).not.toContain('tag-00');
  });

  it("shows the rest behind 'Alle tags tonen'", async () => {
    const envelope = fixturePage('/fragmenten') as PageEnvelope<FragmentsData>;
    renderApp({ ...envelope, data: { ...envelope.data, tags, topTags } }, '/fragmenten');
    const shown = await screen.findByRole('navigation', { name: 'Onderwerpen' });
    // 'Alles' and the 12 most used.
    expect(within(shown).getAllByRole('link')).toHaveLength(13);
    expect(within(shown).getByRole('link', { name: 'tag-29' })).toHaveAttribute(
      'href',
      '/fragmenten?tag=tag-29',
    );
    expect(screen.queryByRole('navigation', { name: 'Meer onderwerpen' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Alle tags tonen (30)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const more = screen.getByRole('navigation', { name: 'Meer onderwerpen' });
    expect(within(more).getAllByRole('link')).toHaveLength(18);
    expect(within(more).getByRole('link', { name: 'tag-00' })).toBeInTheDocument();
  });
});

// Issue 51: the fragments of other days can be reached from both fragments pages.
describe('the day of a fragments page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const today = todayIso();
  const yesterday = addDays(today, -1);
  const earlier = addDays(today, -5);
  const routeDate = (iso: string) => isoToRouteDate(iso);

  function fragmentsOf(data: Partial<FragmentsData>): PageEnvelope<FragmentsData> {
    const envelope = fixturePage('/fragmenten') as PageEnvelope<FragmentsData>;
    return { ...envelope, data: { ...envelope.data, ...data } };
  }

  it('links the day before and after with the topic kept, and heads the cards with the day', async () => {
    const path = `/fragmenten?date=${routeDate(yesterday)}&tag=Live`;
    renderApp(
      fragmentsOf({
        date: yesterday,
        tag: 'Live',
        previousDate: addDays(yesterday, -1),
        nextDate: today,
        earlierDate: earlier,
      }),
      path,
    );
    const days = await screen.findByRole('navigation', { name: 'Dagen' });
    expect(
      within(days).getByRole('link', { name: `Vorige dag: ${formatLongIsoDate(addDays(yesterday, -1))}` }),
    ).toHaveAttribute('href', `/fragmenten?date=${routeDate(addDays(yesterday, -1))}&tag=Live`);
    // Today is the default day: its link leaves the date out.
    expect(
      within(days).getByRole('link', { name: `Volgende dag: ${formatLongIsoDate(today)}` }),
    ).toHaveAttribute('href', '/fragmenten?tag=Live');
    const field = within(days).getByLabelText('Kies een dag');
    expect(field).toHaveAttribute('type', 'date');
    expect(field).toHaveValue(yesterday);
    expect(field).toHaveAttribute('max', today);
    const heading = screen.getByRole('heading', {
      level: 2,
      name: `Gisteren, ${formatLongIsoDate(yesterday)}`,
    });
    expect(heading).toBeInTheDocument();
    // The cards are the day's: one level below its heading.
    expect(screen.getByRole('heading', { level: 3, name: /Live in de studio/ })).toBeInTheDocument();
  });

  it('says an empty day has none and links to the latest earlier day with fragments; no day after today', async () => {
    renderApp(
      fragmentsOf({
        date: today,
        tag: null,
        fragments: [],
        previousDate: yesterday,
        nextDate: null,
        earlierDate: earlier,
      }),
      '/fragmenten',
    );
    const days = await screen.findByRole('navigation', { name: 'Dagen' });
    expect(within(days).queryByRole('link', { name: /Volgende dag/ })).toBeNull();
    expect(
      screen.getByText(`Op ${formatLongIsoDate(today)} zijn geen fragmenten gepubliceerd.`, { exact: false }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: `Bekijk de fragmenten van ${formatLongIsoDate(earlier)}` }),
    ).toHaveAttribute('href', `/fragmenten?date=${routeDate(earlier)}`);
  });

  it("goes to the day chosen in the date field on 'Toon', the topic kept", async () => {
    const target = `/fragmenten?date=${routeDate(earlier)}&tag=Live`;
    const fetchMock = vi.fn(
      pageFetch({ [target]: fragmentsOf({ date: earlier, tag: 'Live' }) }, notFoundEnvelope),
    );
    vi.stubGlobal('fetch', fetchMock);
    const path = '/fragmenten?tag=Live';
    const { router } = renderApp(fragmentsOf({ date: today, tag: 'Live', previousDate: yesterday }), path);
    const field = await screen.findByLabelText('Kies een dag');
    fireEvent.change(field, { target: { value: earlier } });
    // Changing the field alone does not navigate (WCAG 3.2.2).
    expect(router.state.location.search).toBe('?tag=Live');
    await userEvent.click(screen.getByRole('button', { name: 'Toon' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?date=${routeDate(earlier)}&tag=Live`));
  });

  it("links a programme's days to its own fragments pages", async () => {
    const envelope = fixturePage(
      '/programmas/de-ochtendploeg/fragmenten',
    ) as PageEnvelope<ProgrammeFragmentsData>;
    renderApp(
      {
        ...envelope,
        data: {
          ...envelope.data,
          date: today,
          fragments: [],
          previousDate: yesterday,
          earlierDate: yesterday,
        },
      },
      '/programmas/de-ochtendploeg/fragmenten',
    );
    const days = await screen.findByRole('navigation', { name: 'Dagen' });
    expect(within(days).getByRole('link', { name: /Vorige dag/ })).toHaveAttribute(
      'href',
      `/programmas/de-ochtendploeg/fragmenten?date=${routeDate(yesterday)}`,
    );
    expect(screen.getByRole('link', { name: /Bekijk de fragmenten van/ })).toHaveAttribute(
      'href',
      `/programmas/de-ochtendploeg/fragmenten?date=${routeDate(yesterday)}`,
    );
  });
});
