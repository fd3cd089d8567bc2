import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { GuideData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { useNow, useRouteDefaults, useSite } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { BroadcastList } from '../../components/broadcast-list';
import { PageHeading } from '../../components/page-heading';
import { EmptyState } from '../../components/states';
import { dayTabLabel, formatLongIsoDate } from '../../lib/format-date';
import { dayHeading } from '../../lib/day-labels';
import { routes } from '../../lib/routes';
import { whenAppShown } from '../../lib/server-html';
import { showChosenDay } from './day-strip';

const dateParts = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return { year, month, day };
};

/** Gids: day tabs (a strip scrolled to the chosen day), the broadcasts of the day, the current one marked; channel select. */
export function GuidePage({ data }: PageProps<GuideData>) {
  const site = useSite();
  const defaults = useRouteDefaults();
  const navigate = useNavigate();
  const now = useNow();
  const channelId = useId();
  const dayStrip = useRef<HTMLElement>(null);
  // The chosen day in view on a narrow screen, once the page is laid out in the document.
  useEffect(
    () =>
      whenAppShown(() => {
        if (dayStrip.current) showChosenDay(dayStrip.current);
      }),
    [data.date, data.channel.slug],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const channel = new FormData(event.currentTarget).get('channel');
    const date = data.date === defaults.today ? null : dateParts(data.date);
    void navigate(routes.gids(date, typeof channel === 'string' ? channel : data.channel.slug, defaults));
  };
  const dayHref = (iso: string) =>
    routes.gids(iso === defaults.today ? null : dateParts(iso), data.channel.slug, defaults);
  return (
    <div className="page">
      <PageHeading>Gids {data.channel.name}</PageHeading>
      <p className="page-intro">{dayHeading(data.date, now)}</p>
      {site.channels.length > 1 && (
        <form className="filters" onSubmit={onSubmit} aria-label="Zender kiezen">
          <div className="field">
            <label htmlFor={channelId}>Zender</label>
            <select id={channelId} name="channel" defaultValue={data.channel.slug}>
              {site.channels.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button filters__submit">
            Toon gids
          </button>
        </form>
      )}
      <nav aria-label="Dagen" className="day-tabs" ref={dayStrip}>
        <ul>
          {data.days.map((d) => {
            const { label, detail } = dayTabLabel(d, now);
            const active = d === data.date;
            return (
              <li key={d}>
                <AppLink
                  to={dayHref(d)}
                  className={`day-tab${active ? ' day-tab--active' : ''}`}
                  aria-current={active ? 'date' : undefined}
                  style={active ? { borderBottomColor: data.channel.color } : undefined}
                >
                  <span className="day-tab__label">{label}</span>
                  <span className="day-tab__detail">{detail}</span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {!data.window.contains ? (
        <EmptyState>
          De gids gaat 14 dagen terug en 7 dagen vooruit: van {formatLongIsoDate(data.window.first)} tot en
          met {formatLongIsoDate(data.window.last)}. {formatLongIsoDate(data.date)} valt daarbuiten.{' '}
          <AppLink to={routes.gids(null, data.channel.slug, defaults)}>Bekijk de gids van vandaag</AppLink>
        </EmptyState>
      ) : data.broadcasts.length ? (
        <BroadcastList broadcasts={data.broadcasts} now={now} />
      ) : (
        <EmptyState>Geen uitzendingen gevonden op deze dag.</EmptyState>
      )}
    </div>
  );
}
