import type { Broadcast, BroadcasterRef } from '../api/types';
import { broadcastDayLabel } from '../lib/day-labels';
import { formatTime, isBetween, spansWholeDay, toIsoDate, WHOLE_DAY } from '../lib/format-date';
import { routes } from '../lib/routes';
import { AppLink } from './app-link';
import { useListHeading } from './heading-level';
import './browse.css';

/** The broadcasters of a broadcast as their logo icons, named for screen readers; names when a logo is missing. */
export function BroadcasterIcons({ broadcasters }: { broadcasters: BroadcasterRef[] }) {
  if (broadcasters.length === 0) return null;
  return (
    <ul className="broadcaster-icons" aria-label="Omroepen">
      {broadcasters.map((b) => (
        <li key={b.slug} className="broadcaster-icons__item">
          {b.logoUrl ? (
            // loading before src: Preact sets props in this order (see components/image.tsx).
            <img
              loading="lazy"
              decoding="async"
              alt={b.name}
              title={b.name}
              width={48}
              height={48}
              src={b.logoUrl}
            />
          ) : (
            b.name
          )}
        </li>
      ))}
    </ul>
  );
}

/** A guide: broadcasts with HH:mm–HH:mm, programme, presenters, broadcasters; the current one marked. */
export function BroadcastList({
  broadcasts,
  now,
  withDay = false,
}: {
  broadcasts: Broadcast[];
  now: Date;
  /** Each time with its day before it ('Morgen 18:00–00:00'), for a list of several days. */
  withDay?: boolean;
}) {
  const Heading = useListHeading();
  return (
    <ol className="guide-list">
      {broadcasts.map((b) => {
        const current = isBetween(now, b.from, b.until);
        return (
          <li
            key={b.id}
            className={`guide-item${current ? ' guide-item--current' : ''}`}
            aria-current={current ? 'time' : undefined}
          >
            <p className="guide-item__time">
              {withDay && (
                <span className="guide-item__day">{broadcastDayLabel(toIsoDate(b.from), now)} </span>
              )}
              {spansWholeDay(Date.parse(b.from), Date.parse(b.until)) ? (
                <time dateTime={b.from}>{WHOLE_DAY}</time>
              ) : (
                <>
                  <time dateTime={b.from}>{formatTime(b.from)}</time>–
                  <time dateTime={b.until}>{formatTime(b.until)}</time>
                </>
              )}
              {current && <span className="live-badge">Nu live</span>}
            </p>
            <div className="guide-item__body">
              <Heading className="guide-item__title">
                {b.programme ? <AppLink to={routes.programma(b.programme.slug)}>{b.title}</AppLink> : b.title}
              </Heading>
              {b.presenters.length > 0 && (
                <p className="guide-item__meta">Met {b.presenters.map((p) => p.name).join(' & ')}</p>
              )}
              <BroadcasterIcons broadcasters={b.broadcasters} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
