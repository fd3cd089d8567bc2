import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PlayedTracksData } from '../../api/types';
import type { PageProps } from '../../app/page-types';
import { useRouteDefaults, useSite } from '../../app/site-context';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { EmptyState } from '../../components/states';
import { TrackList } from '../../components/track-list';
import { addDays, formatLongIsoDate, relativeDayLabel } from '../../lib/format-date';
import { hourSlots } from '../../lib/hour-slots';
import { routes } from '../../lib/routes';

/** The selectable dates: today and the 14 days before it, newest first. */
export function playedTrackDates(today: string): string[] {
  return Array.from({ length: 15 }, (_, i) => addDays(today, -i));
}

/** Gedraaid: the tracks a channel played, by date, hour slot and page. */
export function PlayedTracksPage({ data }: PageProps<PlayedTracksData>) {
  const site = useSite();
  const defaults = useRouteDefaults();
  const navigate = useNavigate();
  const ids = { date: useId(), time: useId(), channel: useId() };
  const current = { date: data.date, channel: data.channel.slug, time: data.time };
  // Filters apply on submit (WCAG 3.2.2: changing a select does not navigate by itself).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (key: string, fallback: string) => {
      const v = form.get(key);
      return typeof v === 'string' && v ? v : fallback;
    };
    void navigate(
      routes.gedraaid(
        {
          date: value('date', current.date),
          time: value('time', current.time),
          channel: value('channel', current.channel),
          page: 1,
        },
        defaults,
      ),
    );
  };
  const dates = playedTrackDates(defaults.today);
  if (!dates.includes(data.date)) dates.push(data.date);
  const slots = hourSlots(data.date);
  if (!slots.some((s) => s.id === data.time))
    slots.push({ id: data.time, name: data.time.replace('_', ':00-') + ':00' });

  return (
    <div className="page">
      <PageHeading>Gedraaid op {data.channel.name}</PageHeading>
      <p className="page-intro">
        {relativeDayLabel(data.date)}, {formatLongIsoDate(data.date)}
      </p>
      <form className="filters" onSubmit={onSubmit} aria-label="Filters">
        <div className="field">
          <label htmlFor={ids.date}>Datum</label>
          <select id={ids.date} name="date" defaultValue={data.date}>
            {dates.map((d) => (
              <option key={d} value={d}>
                {relativeDayLabel(d)} {formatLongIsoDate(d).split(' ').slice(1).join(' ')}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.time}>Tijdvak</label>
          <select id={ids.time} name="time" defaultValue={data.time}>
            {slots.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        {site.channels.length > 1 && (
          <div className="field">
            <label htmlFor={ids.channel}>Zender</label>
            <select id={ids.channel} name="channel" defaultValue={data.channel.slug}>
              {site.channels.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className="button filters__submit">
          Toon nummers
        </button>
      </form>
      {data.tracks.length ? (
        <TrackList
          tracks={data.tracks}
          classical={data.channel.classical}
          label={`Gedraaide nummers op ${data.channel.name}`}
        />
      ) : (
        <EmptyState>Geen gedraaide nummers gevonden voor dit tijdvak.</EmptyState>
      )}
      <Pagination paging={data.paging} hrefFor={(page) => routes.gedraaid({ ...current, page }, defaults)} />
    </div>
  );
}
