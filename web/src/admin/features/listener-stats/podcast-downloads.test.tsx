import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server } from '../../test-support/fake-server';
import { EpisodeDownloads, PodcastDownloads } from './podcast-downloads';

afterEach(() => vi.unstubAllGlobals());

const answer = {
  feed: 3,
  days: 28,
  from: '2026-10-31',
  until: '2026-11-27',
  total: 1237,
  episodes: [
    { id: 7, title: 'Waarom bouwen zo lang duurt', slug: 'waarom-bouwen-zo-lang-duurt', downloads: 1235 },
    {
      id: 8,
      title: 'Wat zit er in je energierekening?',
      slug: 'wat-zit-er-in-je-energierekening',
      downloads: 2,
    },
  ],
  byDay: [
    {
      date: '2026-11-27',
      downloads: 1236,
      episodes: [
        { id: 7, downloads: 1234 },
        { id: 8, downloads: 2 },
      ],
    },
    { date: '2026-11-25', downloads: 1, episodes: [{ id: 7, downloads: 1 }] },
  ],
};

describe('PodcastDownloads', () => {
  it("lists each day's downloads with the episodes', newest first, in Dutch notation", async () => {
    server({ 'GET /api/admin/podcasts/3/downloads': () => json(answer) });
    render(<PodcastDownloads feedId="3" />);
    const table = await screen.findByRole('table', { name: /Downloads van de afgelopen 28 dagen/ });
    const [newest, older, ...more] = within(table).getAllByRole('row').slice(1);
    if (!newest || !older) throw new Error('expected two days');
    expect(more).toHaveLength(0);
    expect(within(newest).getByRole('rowheader')).toHaveTextContent('27-11-2026');
    expect(newest).toHaveTextContent('1.236');
    expect(
      within(newest)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Waarom bouwen zo lang duurt: 1.234', 'Wat zit er in je energierekening?: 2']);
    expect(within(older).getByRole('rowheader')).toHaveTextContent('25-11-2026');
    expect(screen.getByText('1.237 downloads in de afgelopen 28 dagen.')).toBeInTheDocument();
    expect(screen.getByText(/minstens één minuut/)).toBeInTheDocument();
  });

  it('offers the same days as CSV, a line per day and episode', async () => {
    server({ 'GET /api/admin/podcasts/3/downloads': () => json(answer) });
    render(<PodcastDownloads feedId="3" />);
    const link = await screen.findByRole('link', { name: 'Download als CSV' });
    expect(link).toHaveAttribute('href', '/api/admin/podcasts/3/downloads?format=csv');
    expect(link).toHaveAttribute('download');
  });

  it('says when there were no downloads, and shows the message when the figures cannot come', async () => {
    server({ 'GET /api/admin/podcasts/3/downloads': () => json({ ...answer, total: 0, byDay: [] }) });
    const { unmount } = render(<PodcastDownloads feedId="3" />);
    expect(await screen.findByText('Geen downloads in de afgelopen 28 dagen.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download als CSV' })).not.toBeInTheDocument();
    unmount();
    server({
      'GET /api/admin/podcasts/3/downloads': () =>
        json({ error: { code: 'not_found', message: 'Deze podcast bestaat niet.' } }, 404),
    });
    render(<PodcastDownloads feedId="3" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit bestaat niet (meer).');
  });
});

describe('EpisodeDownloads', () => {
  it("shows only the episode's own days and its total", async () => {
    server({ 'GET /api/admin/podcasts/3/downloads': () => json(answer) });
    render(<EpisodeDownloads feedId="3" episodeId="8" />);
    const table = await screen.findByRole('table', {
      name: 'Downloads van deze aflevering, de nieuwste dag eerst',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('27-11-2026');
    expect(rows[0]).toHaveTextContent('2');
    expect(screen.getByText('2 downloads in de afgelopen 28 dagen.')).toBeInTheDocument();
  });

  it('says when the episode had no downloads', async () => {
    server({ 'GET /api/admin/podcasts/3/downloads': () => json(answer) });
    render(<EpisodeDownloads feedId="3" episodeId="9" />);
    expect(
      await screen.findByText('Geen downloads van deze aflevering in de afgelopen 28 dagen.'),
    ).toBeInTheDocument();
  });
});
