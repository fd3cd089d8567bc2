import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FragmentsData, PageEnvelope } from '../../api/types';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
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
