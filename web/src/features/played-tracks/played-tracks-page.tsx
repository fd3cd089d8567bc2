import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchPage } from '../../api/page-client';
import type { KeptWindow, PlayedTracksData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { useNow, useRouteDefaults, useSite } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { Deferred } from '../../components/deferred';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { EmptyState } from '../../components/states';
import { TrackList } from '../../components/track-list';
import { addDays, formatLongIsoDate, relativeDayLabel } from '../../lib/format-date';
import { hourSlots, WHOLE_DAY_SLOT, type HourSlot } from '../../lib/hour-slots';
import { dayHeading } from '../../lib/day-labels';
import { routes } from '../../lib/routes';
import { ListenInRecording, recordedHourOf } from '../broadcasts';
import { ListenFromHere, useNewestTrackPlayId, useRewindRecordedAt } from '../player';
import { followsLive, useFreshTracks } from './fresh-tracks';

/** The selectable dates: today and the 14 days before it, newest first. */
export function playedTrackDates(today: string): string[] {
  return Array.from({ length: 15 }, (_, i) => addDays(today, -i));
}

/** The dates of a kept window, newest first. */
export function windowDates(window: KeptWindow): string[] {
  const dates: string[] = [];
  for (let d = window.last; d >= window.first && dates.length < 60; d = addDays(d, -1)) dates.push(d);
  return dates;
}

/** A date option's text: 'Vandaag 21 november 2026', 'Gisteren 20 november 2026', 'Donderdag 19 …'. */
export function dateOptionLabel(iso: string, now: Date = new Date()): string {
  return `${relativeDayLabel(iso, now)} ${formatLongIsoDate(iso).split(' ').slice(1).join(' ')}`;
}

/** The hour slots offered for a date, with the chosen one kept even when it is not offered (yet). */
export function offeredSlots(date: string, time: string, now: Date): HourSlot[] {
  const slots = hourSlots(date, now);
  if (!slots.some((s) => s.id === time)) {
    const [from, until] = time.split('_');
    slots.push({ id: time, name: `${from}:00-${until}:00` });
  }
  return slots;
}

/** '23 nummers · 14:00-15:00 · pagina 1 van 2': what the list holds. */
function summaryOf(data: PlayedTracksData, slotName: string): string {
  const count = `${data.paging.total} ${data.paging.total === 1 ? 'nummer' : 'nummers'} · ${slotName}`;
  return data.paging.pageCount > 1
    ? `${count} · pagina ${data.paging.page} van ${data.paging.pageCount}`
    : count;
}

/** Gedraaid: the tracks a channel played, by date, hour slot and page; today's first page follows new songs. */
export function PlayedTracksPage({ data: page }: PageProps<PlayedTracksData>) {
  const site = useSite();
  const defaults = useRouteDefaults();
  const location = useLocation();
  const follows = followsLive(page, defaults.today);
  const newestPlayId = useNewestTrackPlayId(follows ? page.channel.slug : null);
  const data = useFreshTracks(page, newestPlayId, follows, async (signal) => {
    const envelope = await fetchPage(location.pathname + location.search, signal);
    return envelope.route === 'gedraaid' ? (envelope.data as PlayedTracksData) : null;
  });
  const navigate = useNavigate();
  const now = useNow();
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
  // The hour slots follow the date chosen in the form at once, before it is submitted: yesterday
  // offers every hour, today only those up to now (§9).
  const [chosen, setChosen] = useState({ shown: data.date, date: data.date });
  const chosenDate = chosen.shown === data.date ? chosen.date : data.date;
  const dates = windowDates(data.window);
  if (!dates.includes(data.date)) dates.push(data.date);
  const slots = offeredSlots(chosenDate, data.time, now);
  const slotName =
    offeredSlots(data.date, data.time, now).find((s) => s.id === data.time)?.name ?? WHOLE_DAY_SLOT.name;
  const isToday = data.date === defaults.today;
  const recordedAt = useRewindRecordedAt(data.channel.slug, data.rewindSpans);

  return (
    <div className="page">
      <PageHeading>Gedraaid op {data.channel.name}</PageHeading>
      <p className="page-intro">{dayHeading(data.date, now)}</p>
      <form
        key={`${data.date} ${data.time} ${data.channel.slug}`}
        className="filters"
        onSubmit={onSubmit}
        aria-label="Filters"
      >
        <div className="field">
          <label htmlFor={ids.date}>Datum</label>
          <select
            id={ids.date}
            name="date"
            defaultValue={data.date}
            onChange={(event) => setChosen({ shown: data.date, date: event.target.value })}
          >
            {dates.map((d) => (
              <option key={d} value={d}>
                {dateOptionLabel(d, now)}
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
      {!data.window.contains ? (
        <EmptyState>
          <span className="kept-window">
            Gedraaide nummers worden 14 dagen bewaard, van {formatLongIsoDate(data.window.first)} tot en met
            vandaag. Van {formatLongIsoDate(data.date)} is er geen lijst.{' '}
            <AppLink to={routes.gedraaid({ channel: data.channel.slug }, defaults)}>
              Bekijk wat er vandaag is gedraaid
            </AppLink>
          </span>
        </EmptyState>
      ) : data.tracks.length ? (
        <>
          {/* Not a live region: today's list takes in every new song, and a screen reader would
              speak up at each; a list the listener asks for arrives by navigation, which the app
              announces and focuses. */}
          <p className="filters__summary">{summaryOf(data, slotName)}</p>
          {/* A task of its own on the first page load (components/deferred). */}
          <Deferred>
            <TrackList
              tracks={data.tracks}
              classical={data.channel.classical}
              label={`Gedraaide nummers op ${data.channel.name}`}
              action={(play, name) => {
                // In live rewind's window, in a recorded hour, the channel plays on from the track;
                // an older track plays in its hour's recording, as Gemist does.
                if (recordedAt(Date.parse(play.from))) {
                  return <ListenFromHere channel={data.channel.slug} from={play.from} name={name} />;
                }
                const recorded = recordedHourOf(data.recordedHours, play.from);
                return recorded ? (
                  <ListenInRecording recorded={recorded} from={play.from} name={name} />
                ) : null;
              }}
            />
          </Deferred>
        </>
      ) : isToday && data.time === WHOLE_DAY_SLOT.id ? (
        // Just after midnight today's list is still empty, while the listener looks for what was just
        // played.
        <EmptyState>
          Vandaag is er nog niets gedraaid op {data.channel.name}.{' '}
          <AppLink to={routes.gedraaid({ ...current, date: addDays(data.date, -1) }, defaults)}>
            Bekijk wat er gisteren is gedraaid
          </AppLink>
        </EmptyState>
      ) : (
        <EmptyState>
          {isToday
            ? `In het tijdvak ${slotName} is vandaag nog niets gedraaid op ${data.channel.name}.`
            : 'Geen gedraaide nummers gevonden voor dit tijdvak.'}
        </EmptyState>
      )}
      <Pagination paging={data.paging} hrefFor={(page) => routes.gedraaid({ ...current, page }, defaults)} />
    </div>
  );
}
