import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server } from '../../test-support/fake-server';
import { amsterdamMonth, monthLabel, signedFigure } from './listener-words';
import { SongAudienceSection, sortSongs } from './song-audience';

afterEach(() => vi.unstubAllGlobals());

const channels = [
  { slug: 'radio2', name: 'NPO Radio 2' },
  { slug: 'radio4', name: 'NPO Radio 4' },
];
// 30 November 23:30 UTC is already December in Amsterdam.
const clock = () => new Date('2026-11-30T23:30:00Z');

const song = (id: number, artist: string, title: string, figures: Partial<Record<string, number>>) => ({
  id,
  artist,
  title,
  plays: 1,
  minutesPlayed: 4,
  tuneIns: 0,
  expectedTuneIns: 0,
  tuneOuts: 0,
  expectedTuneOuts: 0,
  net: 0,
  expectedNet: 0,
  difference: 0,
  ...figures,
});

const report = (channel: string, month: string, songs: ReturnType<typeof song>[]) => ({
  channel,
  month,
  from: '2026-11-30T23:00:00Z',
  until: '2026-12-31T23:00:00Z',
  minSessionSeconds: 60,
  curve: [],
  songs,
});

// The server's order: the song that lost the most first.
const december = report('radio2', '2026-12', [
  song(1, 'Doe Maar', 'Afknapper', {
    plays: 2,
    minutesPlayed: 10,
    tuneIns: 0,
    expectedTuneIns: 0.011,
    tuneOuts: 3,
    expectedTuneOuts: 0.029,
    net: -3,
    expectedNet: -0.017,
    difference: -2.983,
  }),
  song(2, 'Anouk', 'Blijvertje', {
    plays: 5,
    minutesPlayed: 4.5,
    tuneIns: 1,
    expectedTuneIns: 0.005,
    net: 1,
    expectedNet: -0.007,
    difference: 1.007,
  }),
]);

const rows = () => {
  const table = screen.getByRole('table', { name: 'Per nummer op NPO Radio 2 in december 2026' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);
};

describe('SongAudienceSection', () => {
  it("shows this month's songs of the first channel, the most lost first, with the expectations", async () => {
    const fetch = server({
      'GET /api/admin/listeners/songs?channel=radio2&month=2026-12': () => json(december),
    });
    render(<SongAudienceSection channels={channels} now={clock} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Per nummer' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Per nummer op NPO Radio 2 in december 2026' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Nummer',
      'Gedraaid',
      'Speelduur',
      'Ingeschakeld (verwacht)',
      'Uitgeschakeld (verwacht)',
      'Verschil (verwacht)',
      'Afwijking ▲',
    ]);
    expect(rows()).toEqual(['Doe Maar – Afknapper', 'Anouk – Blijvertje']);
    const first = within(table).getAllByRole('row')[1];
    if (!first) throw new Error('expected a row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2', '10 min', '0 (0,01)', '3 (0,03)', '-3 (-0,02)', '-2,98']);
    expect(screen.getByRole('columnheader', { name: /Afwijking/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('link', { name: 'Download per nummer als CSV' })).toHaveAttribute(
      'href',
      '/api/admin/listeners/songs?channel=radio2&month=2026-12&format=csv',
    );
    expect(screen.getByText(/korter dan 60 seconden/)).toBeInTheDocument();
  });

  it('sorts by a column with the keyboard and says how in aria-sort', async () => {
    server({ 'GET /api/admin/listeners/songs?channel=radio2&month=2026-12': () => json(december) });
    render(<SongAudienceSection channels={channels} now={clock} />);
    await screen.findByRole('table');
    const plays = screen.getByRole('button', { name: 'Gedraaid' });
    plays.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: /Gedraaid/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Afwijking/ })).not.toHaveAttribute('aria-sort');
    expect(rows()).toEqual(['Anouk – Blijvertje', 'Doe Maar – Afknapper']);
    await userEvent.keyboard(' ');
    expect(screen.getByRole('columnheader', { name: /Gedraaid/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(rows()).toEqual(['Doe Maar – Afknapper', 'Anouk – Blijvertje']);
    await userEvent.click(screen.getByRole('button', { name: 'Nummer' }));
    expect(screen.getByRole('columnheader', { name: /Nummer/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(rows()).toEqual(['Anouk – Blijvertje', 'Doe Maar – Afknapper']);
  });

  it('asks again for another channel and month, and says when nothing was played', async () => {
    const fetch = server({
      'GET /api/admin/listeners/songs?channel=radio2&month=2026-12': () => json(december),
      'GET /api/admin/listeners/songs?channel=radio4&month=2026-12': () =>
        json(report('radio4', '2026-12', [])),
      'GET /api/admin/listeners/songs?channel=radio4&month=2026-10': () =>
        json(report('radio4', '2026-10', [])),
    });
    render(<SongAudienceSection channels={channels} now={clock} />);
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Kanaal van de nummers'), 'radio4');
    expect(await screen.findByTestId('songs-empty')).toHaveTextContent(
      'Geen gespeelde nummers op NPO Radio 4 in december 2026.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Maand van de nummers'), { target: { value: '2026-10' } });
    expect(
      await screen.findByText('Geen gespeelde nummers op NPO Radio 4 in oktober 2026.'),
    ).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/admin/listeners/songs?channel=radio4&month=2026-10',
      expect.anything(),
    );
    fireEvent.change(screen.getByLabelText('Maand van de nummers'), { target: { value: '' } });
    expect(screen.getByText('Kies een kanaal en een maand.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows in Dutch why the figures could not come', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<SongAudienceSection channels={channels} now={clock} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De server is niet bereikbaar. Probeer het opnieuw.',
    );
    expect(screen.queryByText('Cijfers per nummer laden…')).not.toBeInTheDocument();
  });

  it('asks nothing without a channel', () => {
    const fetch = server({});
    render(<SongAudienceSection channels={[]} now={clock} />);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText('Kies een kanaal en een maand.')).toBeInTheDocument();
  });
});

describe('song audience words and order', () => {
  it('names the Amsterdam month and signs differences', () => {
    expect(amsterdamMonth(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11');
    expect(amsterdamMonth(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12');
    expect(amsterdamMonth(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07');
    expect(monthLabel('2026-03')).toBe('maart 2026');
    expect(signedFigure(1.007)).toBe('+1,01');
    expect(signedFigure(-2.983)).toBe('-2,98');
    expect(signedFigure(0)).toBe('0');
  });

  it('sorts equal songs in the order the server gave', () => {
    const a = song(1, 'B', 'x', { plays: 2 });
    const b = song(2, 'A', 'y', { plays: 2 });
    const c = song(3, 'C', 'z', { plays: 1 });
    expect(sortSongs([a, b, c], 'plays', 'descending').map((s) => s.id)).toEqual([1, 2, 3]);
    expect(sortSongs([a, b, c], 'plays', 'ascending').map((s) => s.id)).toEqual([3, 1, 2]);
    expect(sortSongs([a, b, c], 'song', 'ascending').map((s) => s.id)).toEqual([2, 1, 3]);
  });
});
