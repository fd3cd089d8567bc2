import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { dropPending, setErrorReporter } from '../../lib/error-reporting';
import { HttpError } from '../../lib/http';
import { episode, fixturePage, podcastFeed } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { isoOfApiDate } from './episode-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setErrorReporter(null);
  dropPending();
});

const episodePath = '/podcasts/sportpraat/77/de-finale';

/** fetch answering the episode call with `answer`, and 404 for anything else. */
function stubEpisodeCall(answer: () => Response) {
  const mock = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/podcasts/episodes/77'
      ? answer()
      : new Response('{}', { status: 404, statusText: 'Not Found' }),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

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

  it('asks GET /api/podcasts/episodes/{id} for its episode and shows its answer (spec §7)', async () => {
    const mock = stubEpisodeCall(
      () =>
        new Response(
          JSON.stringify({
            // The API's dates are 'yyyy-MM-dd HH:mm:ss' in Amsterdam (spec §9).
            episode: {
              ...episode,
              title: 'De finale (verlengd)',
              durationSeconds: 1800,
              publishedAt: '2026-11-19 07:00:00',
            },
            feed: podcastFeed,
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    );
    renderApp(fixturePage(episodePath), episodePath);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'De finale (verlengd)' }),
    ).toBeInTheDocument();
    expect(mock).toHaveBeenCalledWith('/api/podcasts/episodes/77', expect.anything());
    const hero = screen.getByRole('heading', { level: 1 }).closest('header');
    if (!hero) throw new Error('hero missing');
    expect(within(hero).getByText('donderdag 19 november 2026')).toHaveAttribute(
      'datetime',
      '2026-11-19T06:00:00Z',
    );
    expect(within(hero).getByText('30:00')).toBeInTheDocument();
  });

  it("reports a failed episode call and keeps the page's own episode", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reporter = vi.fn();
    setErrorReporter(reporter);
    stubEpisodeCall(() => new Response('kapot', { status: 500, statusText: 'Internal Server Error' }));
    renderApp(fixturePage(episodePath), episodePath);
    await waitFor(() =>
      expect(reporter).toHaveBeenCalledWith(expect.any(HttpError), { url: '/api/podcasts/episodes/77' }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'De finale' })).toBeInTheDocument();
  });
});

describe('isoOfApiDate', () => {
  it('reads an API date in Amsterdam as the ISO instant of the page data', () => {
    expect(isoOfApiDate('2026-11-19 07:00:00')).toBe('2026-11-19T06:00:00Z');
    expect(isoOfApiDate('2026-07-01 12:30:00')).toBe('2026-07-01T10:30:00Z');
    expect(isoOfApiDate('2026-11-19T06:00:00Z')).toBe('2026-11-19T06:00:00Z');
  });
});
