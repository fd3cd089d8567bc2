import { useEffect, useId, useState } from 'react';
import { AdminApiError } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { TableScroll } from '../../components/table-scroll';
import { ChannelMonthFields } from './channel-month-fields';
import { listenerStatsApi, type SongAudience, type SongsReport } from './listener-stats-api';
import { amsterdamMonth, figure, monthLabel, signedFigure } from './listener-words';

export type SongSortKey = 'song' | 'plays' | 'minutes' | 'tuneIns' | 'tuneOuts' | 'net' | 'difference';
type Direction = 'ascending' | 'descending';

const songName = (song: SongAudience) => `${song.artist} – ${song.title}`;

const COLUMNS: {
  key: SongSortKey;
  label: string;
  value: (song: SongAudience) => number | string;
  // The direction of a first click: names from A, the lost listeners first, else the most first.
  first: Direction;
}[] = [
  { key: 'song', label: 'Nummer', value: songName, first: 'ascending' },
  { key: 'plays', label: 'Gedraaid', value: (s) => s.plays, first: 'descending' },
  { key: 'minutes', label: 'Speelduur', value: (s) => s.minutesPlayed, first: 'descending' },
  { key: 'tuneIns', label: 'Ingeschakeld (verwacht)', value: (s) => s.tuneIns, first: 'descending' },
  { key: 'tuneOuts', label: 'Uitgeschakeld (verwacht)', value: (s) => s.tuneOuts, first: 'descending' },
  { key: 'net', label: 'Verschil (verwacht)', value: (s) => s.net, first: 'ascending' },
  { key: 'difference', label: 'Afwijking', value: (s) => s.difference, first: 'ascending' },
];

const collator = new Intl.Collator('nl-NL', { sensitivity: 'base', numeric: true });

/** The songs in the order of `key`; equal ones keep the server's order (the most lost first). */
export function sortSongs(songs: SongAudience[], key: SongSortKey, direction: Direction): SongAudience[] {
  const value = COLUMNS.find((c) => c.key === key)?.value ?? ((song: SongAudience) => song.difference);
  const sign = direction === 'ascending' ? 1 : -1;
  return [...songs].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order =
      typeof x === 'string' || typeof y === 'string' ? collator.compare(String(x), String(y)) : x - y;
    return sign * order;
  });
}

/**
 * 'Per nummer': for a channel and a month (Amsterdam time), each song played with the listeners
 * who switched on and off while it played against what the channel's hours usually see, the song
 * that lost the most first; sortable by each column, and as a CSV.
 */
export function SongAudienceSection({
  channels,
  now = () => new Date(),
}: {
  channels: { slug: string; name: string }[];
  now?: () => Date;
}) {
  const headingId = useId();
  const [channel, setChannel] = useState('');
  const [month, setMonth] = useState(() => amsterdamMonth(now()));
  // The answer to the query it was asked for: one for an earlier choice is not shown.
  const [answer, setAnswer] = useState<{ query: string; report?: SongsReport; error?: string }>();
  const [sort, setSort] = useState<{ key: SongSortKey; direction: Direction }>({
    key: 'difference',
    direction: 'ascending',
  });
  const chosen = channel || channels[0]?.slug || '';
  const monthValid = /^\d{4}-\d{2}$/.test(month);
  const query = chosen && monthValid ? `${chosen}/${month}` : '';

  useEffect(() => {
    if (!query) return;
    let current = true;
    listenerStatsApi
      .songs(chosen, month)
      .then((report) => {
        if (current) setAnswer({ query, report });
      })
      .catch((failure: unknown) => {
        if (!current) return;
        setAnswer({
          query,
          error:
            failure instanceof AdminApiError
              ? failure.message
              : 'De cijfers per nummer konden niet worden geladen.',
        });
      });
    return () => {
      current = false;
    };
  }, [query, chosen, month]);

  const answered = answer && answer.query === query ? answer : undefined;
  const shown = answered?.report;
  const channelName = channels.find((c) => c.slug === chosen)?.name ?? chosen;
  const sortBy = (key: SongSortKey) =>
    setSort((was) =>
      was.key === key
        ? { key, direction: was.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: COLUMNS.find((c) => c.key === key)?.first ?? 'ascending' },
    );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Per nummer</h2>
      <p className="admin-hint">
        Hoeveel luisteraars inschakelden (hun sessie begon) en uitschakelden (hun sessie eindigde) terwijl een
        nummer speelde, naast wat het kanaal op die uren van de maand gewoonlijk ziet (verwacht: het
        gemiddelde per minuut van elk uur van de dag, over de speelduur). Verschil is ingeschakeld min
        uitgeschakeld; Afwijking is het verschil min het verwachte verschil: onder nul verloor het nummer meer
        luisteraars dan gewoonlijk. Maanden in Nederlandse tijd; nummers die nog spelen tellen nog niet mee.
      </p>
      <ChannelMonthFields
        channels={channels}
        channel={chosen}
        month={month}
        onChannel={setChannel}
        onMonth={setMonth}
        channelLabel="Kanaal van de nummers"
        monthLabel="Maand van de nummers"
      />
      {query ? (
        <p className="admin-actions">
          <a href={listenerStatsApi.songsCsvUrl(chosen, month)} download>
            Download per nummer als CSV
          </a>
        </p>
      ) : (
        <p className="admin-hint">Kies een kanaal en een maand.</p>
      )}
      <FormAlert message={answered?.error} />
      {query && !answered && <p>Cijfers per nummer laden…</p>}
      {shown && shown.songs.length === 0 && (
        <p data-testid="songs-empty">
          Geen gespeelde nummers op {channelName} in {monthLabel(month)}.
        </p>
      )}
      {shown && shown.songs.length > 0 && (
        <>
          <p className="admin-hint">Sessies korter dan {shown.minSessionSeconds} seconden tellen niet mee.</p>
          <TableScroll label={`Per nummer, ${channelName}`}>
            <table className="admin-table">
              <caption>
                Per nummer op {channelName} in {monthLabel(month)}
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={sort.key === column.key ? sort.direction : undefined}
                    >
                      <button type="button" className="admin-sort" onClick={() => sortBy(column.key)}>
                        {column.label}
                        <span aria-hidden="true">
                          {sort.key === column.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
                        </span>
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sortSongs(shown.songs, sort.key, sort.direction).map((song) => (
                  <tr key={song.id}>
                    <th scope="row">{songName(song)}</th>
                    <td>{song.plays}</td>
                    <td>{figure(song.minutesPlayed)} min</td>
                    <td>
                      {song.tuneIns} ({figure(song.expectedTuneIns)})
                    </td>
                    <td>
                      {song.tuneOuts} ({figure(song.expectedTuneOuts)})
                    </td>
                    <td>
                      {signedFigure(song.net)} ({signedFigure(song.expectedNet)})
                    </td>
                    <td>{signedFigure(song.difference)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
