import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatLongIsoDate } from '../lib/format-date';
import { AppLink } from './app-link';
import './day-nav.css';

/**
 * A page of one day's items moves between days (the fragments, issue 51): links to the day before
 * and after (none where the date is null) and a date field. The server's HTML draws the same
 * (render/markup.cpp day_nav), there as a GET form that works without JavaScript.
 */
export function DayNav({
  date,
  previousDate,
  nextDate,
  max,
  hrefFor,
}: {
  date: string;
  previousDate: string | null;
  nextDate: string | null;
  /** The last day the field offers (today). */
  max?: string;
  hrefFor: (iso: string) => string;
}) {
  const navigate = useNavigate();
  const fieldId = useId();
  // The day applies on submit (WCAG 3.2.2: changing the field does not navigate by itself).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('date');
    if (typeof value === 'string' && value) void navigate(hrefFor(value));
  };
  const side = (iso: string | null, text: string, modifier: string) =>
    iso && (
      <AppLink
        to={hrefFor(iso)}
        className={`day-nav__link day-nav__link--${modifier}`}
        aria-label={`${text}: ${formatLongIsoDate(iso)}`}
      >
        {text}
      </AppLink>
    );
  return (
    <nav aria-label="Dagen" className="day-nav">
      {side(previousDate, 'Vorige dag', 'previous')}
      <form key={date} className="day-nav__form" onSubmit={onSubmit}>
        <label className="field day-nav__field" htmlFor={fieldId}>
          <span>Kies een dag</span>
          <input id={fieldId} type="date" name="date" defaultValue={date} max={max} required />
        </label>
        <button type="submit" className="button button--small day-nav__submit">
          Toon
        </button>
      </form>
      {side(nextDate, 'Volgende dag', 'next')}
    </nav>
  );
}
