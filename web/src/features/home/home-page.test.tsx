import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HomeData, PageEnvelope } from '../../api/types';
import { homeEnvelope } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('HomePage', () => {
  it('shows on air, the channel family, news, fragments, podcasts and the guide', async () => {
    const { container } = renderApp(homeEnvelope);
    await screen.findByRole('heading', { level: 1, name: 'Nu op Ether Radio 2' });
    expect(screen.getAllByText('Zomeravond').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 2, name: 'De zenders van Ether' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Soul & Jazz' })).toHaveAttribute(
      'href',
      '/gids?channel=soulenjazz',
    );
    expect(screen.getByRole('list', { name: 'Nieuws' })).toHaveTextContent('Oranje wint in de slotminuut');
    // A play action for the channel on air and for every channel of the family.
    expect(screen.getByRole('button', { name: 'Luister live' })).toHaveAttribute('aria-pressed', 'false');
    for (const onAir of homeEnvelope.data.channels) {
      expect(
        screen.getByRole('button', { name: `Luister live naar ${onAir.channel.name}` }),
      ).toBeInTheDocument();
    }
    // The hero image is fetched first; card images below the fold load lazily.
    const hero = container.querySelector('.on-air__image');
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(container.querySelector('.card__image')).toHaveAttribute('loading', 'lazy');
    // A fragment card plays through the mini player, not an audio element of its own.
    expect(container.querySelectorAll('audio')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Luister: Live in de studio: De Golven' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Podcasts' })).getByRole('link')).toHaveAttribute(
      'href',
      '/podcasts/sportpraat',
    );
  });
  it('shows empty states', async () => {
    const empty: PageEnvelope<HomeData> = {
      ...homeEnvelope,
      data: { ...homeEnvelope.data, news: [], fragments: [], podcasts: [], guide: [], channels: [] },
    };
    renderApp(empty);
    expect(await screen.findByText('Geen nieuws gevonden.')).toBeInTheDocument();
    expect(screen.getByText('Geen fragmenten gevonden.')).toBeInTheDocument();
    expect(screen.getByText('Geen podcasts gevonden.')).toBeInTheDocument();
    expect(screen.getByText('Geen uitzendingen gevonden.')).toBeInTheDocument();
  });
});
