import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleCard as ArticleCardData } from '../api/types';
import { SiteProvider } from '../lib/site-context';
import { articleCard, fragment, site } from '../test/fixtures';
import { ArticleCard, FragmentCard } from './cards';

const live = { slug: 'live', name: 'Live', color: '#c8102e' };
// A storm covered live from 09:00 until 15:00.
const storm: ArticleCardData = {
  ...articleCard,
  id: 1300,
  slug: 'storm',
  title: 'Live: storm langs de kust',
  category: live,
  publishedAt: '2026-11-21T09:00:00Z',
  liveUntil: '2026-11-21T15:00:00Z',
};

function renderCard(article: ArticleCardData) {
  render(
    <SiteProvider site={site}>
      <MemoryRouter>
        <ArticleCard article={article} />
      </MemoryRouter>
    </SiteProvider>,
  );
}

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

describe("ArticleCard's category label (issue 39 #20)", () => {
  it("shows a live story's red 'Live' label while its live coverage runs", () => {
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    renderCard(storm);
    expect(screen.getByText('Live')).toHaveClass('badge');
  });

  it('shows no live label a day later', () => {
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    renderCard(storm);
    expect(screen.getByRole('link', { name: 'Live: storm langs de kust' })).toBeInTheDocument();
    expect(screen.queryByText('Live')).toBeNull();
  });

  it('shows none for a live story that has no end', () => {
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    renderCard({ ...storm, liveUntil: null });
    expect(screen.queryByText('Live')).toBeNull();
  });

  it('keeps the label of another category', () => {
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    renderCard(articleCard);
    expect(screen.getByText(articleCard.category.name)).toHaveClass('badge');
  });
});

describe("FragmentCard's duration (issue 51 polish)", () => {
  it('is shown as a clock and read as words, without an aria-label on a plain span', () => {
    const { container } = render(
      <SiteProvider site={site}>
        <MemoryRouter>
          <FragmentCard fragment={{ ...fragment, durationSeconds: 754 }} />
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(screen.getByText('12:34')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('12 minuten 34 seconden')).toHaveClass('visually-hidden');
    expect(container.querySelector('span[aria-label]')).toBeNull();
  });
});
