import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListenerStatsPage } from './listener-stats-page';
import { bucketLabel, figure, sessionLength } from './listener-words';

afterEach(() => vi.unstubAllGlobals());

const figures = (starts: number, cume: number, daily = false) => ({
  starts,
  averageActive: 0.5,
  aqh: 0.25,
  cume,
  cumeIsDailySum: daily,
  listeningHours: 1.5,
  medianSessionSeconds: 185,
});

const now = {
  at: '2026-11-26T10:00:00Z',
  listeners: 3,
  formats: { mp3: 2, hls: 1 },
  channels: [
    { slug: 'radio2', name: 'NPO Radio 2', listeners: 3, formats: { mp3: 2, hls: 1 } },
    { slug: 'radio4', name: 'NPO Radio 4', listeners: 0, formats: { mp3: 0, hls: 0 } },
  ],
  peakToday: { listeners: 5, at: '2026-11-26T08:15:00Z' },
};

const history = (by: string, daily = false) => ({
  by,
  from: '2026-11-20T00:00:00Z',
  until: '2026-11-27T00:00:00Z',
  minSessionSeconds: 60,
  channels: [
    { slug: 'radio2', name: 'NPO Radio 2' },
    { slug: 'radio4', name: 'NPO Radio 4' },
  ],
  buckets: [
    {
      from: '2026-11-26T00:00:00Z',
      until: '2026-11-27T00:00:00Z',
      channels: { radio2: figures(4, 3, daily), radio4: figures(1, 1, daily) },
      total: figures(5, 4, daily),
    },
  ],
});

const songs = (url: string) => ({
  channel: new URL(url, 'http://x').searchParams.get('channel'),
  month: new URL(url, 'http://x').searchParams.get('month'),
  from: '2026-10-31T23:00:00Z',
  until: '2026-11-30T23:00:00Z',
  minSessionSeconds: 60,
  curve: [],
  songs: [],
});

function serve(historyFor: (url: string) => unknown) {
  const fetch = vi.fn((path: string) => {
    const body = path.startsWith('/api/admin/listeners/now')
      ? now
      : path.startsWith('/api/admin/listeners/songs')
        ? songs(path)
        : historyFor(path);
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const clock = () => new Date('2026-11-26T10:00:00Z');

describe('ListenerStatsPage', () => {
  it('shows the listeners now per channel and format with today’s peak', async () => {
    serve(() => history('day'));
    render(<ListenerStatsPage now={clock} />);
    expect(await screen.findByTestId('listeners-now')).toHaveTextContent('3');
    expect(screen.getByRole('status')).toHaveTextContent(
      '3 luisteraars nu; piek vandaag 5 om 26-11-2026, 09:15',
    );
    const table = screen.getByRole('table', { name: 'Luisteraars nu per kanaal en formaat' });
    const row = within(table).getByRole('row', { name: /NPO Radio 2/ });
    expect(row).toHaveTextContent('NPO Radio 2213');
  });

  it('shows the history as a chart and a table, and offers the same as CSV', async () => {
    const fetch = serve(() => history('day'));
    render(<ListenerStatsPage now={clock} />);
    const table = await screen.findByRole('table', { name: 'Luistercijfers per dag (UTC)' });
    expect(within(table).getAllByRole('row')).toHaveLength(4); // the header, two channels, the total
    expect(within(table).getByRole('row', { name: /Totaal/ })).toHaveTextContent(
      '26-11-2026Totaal50,50,2541,53 min 05 s',
    );
    expect(await screen.findByRole('img', { name: /Grafiek: Bereik/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download als CSV' })).toHaveAttribute(
      'href',
      '/api/admin/listeners/history?by=day&from=2026-11-20&until=2026-11-26&format=csv',
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/listeners/history?by=day&from=2026-11-20&until=2026-11-26',
      expect.anything(),
    );
  });

  it("describes the chart's lines in words: each one's highest and last value", async () => {
    const two = history('day');
    two.buckets.unshift({
      from: '2026-11-25T00:00:00Z',
      until: '2026-11-26T00:00:00Z',
      channels: { radio2: figures(7, 6), radio4: { ...figures(0, 0), aqh: 0.000417 } },
      total: figures(7, 6),
    });
    const today = two.buckets[1];
    if (today) today.channels.radio4 = { ...figures(1, 1), aqh: 0.0002 };
    serve(() => two);
    render(<ListenerStatsPage now={clock} />);
    const chart = await screen.findByRole('img', { name: /Grafiek: Bereik/ });
    expect(chart).toHaveAccessibleDescription(
      'NPO Radio 2: hoogste 6 (25-11-2026), laatste 3 (26-11-2026). ' +
        'NPO Radio 4: hoogste 1 (26-11-2026), laatste 1 (26-11-2026). ' +
        'Totaal: hoogste 6 (25-11-2026), laatste 4 (26-11-2026).',
    );
    await userEvent.selectOptions(screen.getByLabelText('In de grafiek'), 'starts');
    expect(await screen.findByRole('img', { name: /Grafiek: Gestarte sessies/ })).toHaveAccessibleDescription(
      /^NPO Radio 2: hoogste 7 \(25-11-2026\), laatste 4 \(26-11-2026\)\./,
    );
    // A few listeners over a long span are a small figure, not none.
    await userEvent.selectOptions(screen.getByLabelText('In de grafiek'), 'aqh');
    expect(await screen.findByRole('img', { name: /Grafiek: / })).toHaveAccessibleDescription(
      /NPO Radio 4: hoogste 0,00042 \(25-11-2026\), laatste 0,0002 \(26-11-2026\)\./,
    );
  });

  it('asks again by week and for one channel, and says when a cume is a sum of days', async () => {
    const fetch = serve((url) => history(url.includes('by=week') ? 'week' : 'day', url.includes('by=week')));
    render(<ListenerStatsPage now={clock} />);
    await screen.findByRole('table', { name: 'Luistercijfers per dag (UTC)' });
    await userEvent.selectOptions(screen.getByLabelText('Indeling'), 'week');
    const table = await screen.findByRole('table', { name: 'Luistercijfers per week (UTC)' });
    expect(within(table).getByRole('row', { name: /Totaal/ })).toHaveTextContent('4 (som per dag)');
    await userEvent.selectOptions(screen.getByLabelText('Kanaal'), 'radio4');
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/admin/listeners/history?by=week&from=2026-11-20&until=2026-11-26&channel=radio4',
      expect.anything(),
    );
  });
});

describe('ListenerStatsPage per song', () => {
  it("asks for this month's songs of the first channel", async () => {
    const fetch = serve(() => history('day'));
    render(<ListenerStatsPage now={clock} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Per nummer' })).toBeInTheDocument();
    expect(await screen.findByTestId('songs-empty')).toHaveTextContent(
      'Geen gespeelde nummers op NPO Radio 2 in november 2026.',
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/listeners/songs?channel=radio2&month=2026-11',
      expect.anything(),
    );
  });
});

describe('ListenerStatsPage and the royalty report', () => {
  it('offers the royalty report to a beheerder only', async () => {
    serve(() => history('day'));
    const { unmount } = render(<ListenerStatsPage now={clock} canReadRoyalties />);
    await screen.findByRole('table', { name: 'Luistercijfers per dag (UTC)' });
    expect(screen.getByRole('heading', { name: 'Rapport muziekrechten' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download rapport muziekrechten (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/reports/royalty?channel=radio2&month=2026-10',
    );
    unmount();
    render(<ListenerStatsPage now={clock} />);
    await screen.findByRole('table', { name: 'Luistercijfers per dag (UTC)' });
    expect(screen.queryByRole('heading', { name: 'Rapport muziekrechten' })).not.toBeInTheDocument();
  });
});

describe('listener words', () => {
  it('names buckets and session lengths in Dutch', () => {
    expect(bucketLabel('2026-11-26T14:00:00Z', 'hour')).toBe('26-11 14:00');
    expect(bucketLabel('2026-11-23T00:00:00Z', 'week')).toBe('week van 23-11-2026');
    expect(bucketLabel('2026-11-01T00:00:00Z', 'month')).toBe('november 2026');
    expect(sessionLength(42)).toBe('42 s');
    expect(sessionLength(185)).toBe('3 min 05 s');
  });

  it('writes figures in Dutch, a small one never as none', () => {
    expect(figure(1234.5)).toBe('1.234,5');
    expect(figure(0.123)).toBe('0,12');
    expect(figure(0.000417)).toBe('0,00042');
    expect(figure(0)).toBe('0');
  });
});
