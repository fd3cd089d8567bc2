import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('PodcastsPage', () => {
  it('shows every feed as a tile linking to its page', async () => {
    renderApp(fixturePage('/podcasts'), '/podcasts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Podcasts' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Podcasts' });
    expect(within(list).getByRole('link', { name: 'Sportpraat' })).toHaveAttribute(
      'href',
      '/podcasts/sportpraat',
    );
    expect(within(list).getByText(/2 afleveringen/)).toBeInTheDocument();
  });
});

describe('PodcastPage', () => {
  it('shows the feed, its RSS link and its episodes with date and duration', async () => {
    renderApp(fixturePage('/podcasts/sportpraat'), '/podcasts/sportpraat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sportpraat' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abonneer via RSS op Sportpraat' })).toHaveAttribute(
      'href',
      '/podcasts/sportpraat/feed.xml',
    );
    const episode = screen.getByRole('heading', { level: 3, name: 'De finale' }).closest('li');
    if (!episode) throw new Error('episode row missing');
    expect(within(episode).getByText('25:10')).toBeInTheDocument();
    expect(within(episode).getByText('25 minuten 10 seconden')).toBeInTheDocument();
    expect(within(episode).getByText('woensdag 18 november 2026')).toBeInTheDocument();
  });

  it('plays an episode in the mini player', async () => {
    renderApp(fixturePage('/podcasts/sportpraat'), '/podcasts/sportpraat');
    await screen.findByRole('heading', { level: 1, name: 'Sportpraat' });
    await userEvent.click(screen.getByRole('button', { name: 'Speel nieuwste aflevering: De finale' }));
    const player = screen.getByRole('region', { name: 'Radiospeler' });
    expect(await within(player).findByText('De finale')).toBeInTheDocument();
    expect(player.querySelector('.mini-player__position')).toHaveTextContent('0:00');
    expect(screen.getAllByRole('button', { name: 'Verder luisteren: De finale' })).toHaveLength(2);
  });
});

describe('EpisodePage', () => {
  it('shows the episode with its feed and a play button', async () => {
    renderApp(fixturePage('/podcasts/sportpraat/77/de-finale'), '/podcasts/sportpraat/77/de-finale');
    expect(await screen.findByRole('heading', { level: 1, name: 'De finale' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(within(crumbs).getByRole('link', { name: 'Sportpraat' })).toHaveAttribute(
      'href',
      '/podcasts/sportpraat',
    );
    expect(screen.getByRole('button', { name: 'Luister aflevering: De finale' })).toBeInTheDocument();
    expect(screen.getByText('Dit is de enige aflevering van deze podcast.')).toBeInTheDocument();
  });
});
