import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

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
