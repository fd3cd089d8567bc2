import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('LivePage', () => {
  it('says visual radio is not broadcasting when there is no stream, and hides the player slot', async () => {
    renderApp(fixturePage('/live'), '/live');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kijk live: Ether Radio 1' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Visual radio van Ether Radio 1 zendt op dit moment niet uit',
    );
    expect(screen.getByText('De Ochtendploeg')).toBeInTheDocument();
    const choice = screen.getByRole('navigation', { name: 'Kies een zender met livebeelden' });
    expect(within(choice).getByRole('link', { name: 'Ether Radio 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.getElementById('player-slot')).toBeNull();
  });
});
