import { useId, useState } from 'react';
import { ChannelMonthFields } from './channel-month-fields';
import { listenerStatsApi } from './listener-stats-api';

/** The month before the one of `now` (UTC) as YYYY-MM: the month a report is usually asked for. */
export function previousMonth(now: Date): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth(); // 0-based: the previous month's 1-based number
  return month === 0 ? `${year - 1}-12` : `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * 'Rapport muziekrechten' (beheerder only): a channel and a month, and a link to the CSV of every
 * song played on that channel in that month with the listeners at its start.
 */
export function RoyaltyReportForm({
  channels,
  now = () => new Date(),
}: {
  channels: { slug: string; name: string }[];
  now?: () => Date;
}) {
  const headingId = useId();
  const [channel, setChannel] = useState('');
  const [month, setMonth] = useState(() => previousMonth(now()));
  const chosen = channel || channels[0]?.slug || '';

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Rapport muziekrechten</h2>
      <p className="admin-hint">
        Elk gespeeld nummer van een kanaal in een maand (Nederlandse tijd): begintijd, duur, artiest, titel,
        album, label, ISRC, componist, of het helemaal is gespeeld en de luisteraars bij de start. Voor SENA,
        Buma/Stemra en SoundExchange.
      </p>
      <ChannelMonthFields
        channels={channels}
        channel={chosen}
        month={month}
        onChannel={setChannel}
        onMonth={setMonth}
        channelLabel="Kanaal van het rapport"
        monthLabel="Maand"
      />
      <p className="admin-actions">
        {chosen && /^\d{4}-\d{2}$/.test(month) ? (
          <a href={listenerStatsApi.royaltyCsvUrl(chosen, month)} download>
            Download rapport muziekrechten (CSV)
          </a>
        ) : (
          <span>Kies een kanaal en een maand.</span>
        )}
      </p>
    </section>
  );
}
