import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('ContentPage', () => {
  it('renders every block type', async () => {
    renderApp(fixturePage('/thema/zomer'), '/thema/zomer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zomer op Ether' })).toBeInTheDocument();
    for (const title of [
      'De zomer',
      'Over deze zomer',
      'Ontdek',
      'Fragmenten',
      'Nieuws',
      'Podcasts',
      'Luister ook',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /Top 40/ })).toHaveAttribute('target', '_blank');
    for (const link of within(screen.getByRole('main')).getAllByRole('link', { name: 'Gids' })) {
      expect(link).toHaveAttribute('href', '/gids');
    }
    expect(screen.getByText('Binnenkort').closest('a')).toBeNull();
  });
});
