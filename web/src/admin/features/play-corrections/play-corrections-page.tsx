import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatLongIsoDate, formatTime } from '../../../lib/format-date';
import { AdminApiError } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { Pager, pageCount } from '../../components/pager';
import { TableScroll } from '../../components/table-scroll';
import { playCorrectionsApi, type LoggedPlay, type PlayLog } from './play-corrections-api';

const message = (failure: unknown, fallback: string) =>
  failure instanceof AdminApiError ? failure.message : fallback;

/**
 * 'Gedraaid corrigeren': a channel's play log of one day, as 'Gedraaid' shows it to listeners, a
 * page of 50 at a time (a music channel plays some 750 titles a day).
 * A play logged wrongly (a jingle announced as a song) is hidden from the site and the royalty
 * report, and can be shown again; a wrong title or artist is corrected on its song under 'Muziek',
 * which every play of it follows.
 */
export function PlayCorrectionsPage() {
  const [asked, setAsked] = useState({ channel: '', date: '', page: 1 });
  const [draft, setDraft] = useState({ channel: '', date: '' });
  const [log, setLog] = useState<PlayLog>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    let current = true;
    playCorrectionsApi
      .list(asked.channel, asked.date, asked.page)
      .then((answer) => {
        if (!current) return;
        setLog(answer);
        setDraft({ channel: answer.channel, date: answer.date });
      })
      .catch(
        (failure: unknown) => current && setError(message(failure, 'De lijst kon niet worden geladen.')),
      );
    return () => {
      current = false;
    };
  }, [asked]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setNotice(undefined);
    setAsked({ ...draft, page: 1 });
  };

  const toggle = async (play: LoggedPlay) => {
    setError(undefined);
    try {
      const { play: stored } = await playCorrectionsApi.setHidden(play.id, !play.hidden);
      setLog(
        (current) =>
          current && { ...current, plays: current.plays.map((p) => (p.id === stored.id ? stored : p)) },
      );
      setNotice(
        stored.hidden
          ? `‘${stored.title}’ van ${formatTime(stored.startsAt)} is verborgen.`
          : `‘${stored.title}’ van ${formatTime(stored.startsAt)} staat weer op de site.`,
      );
    } catch (failure) {
      setError(message(failure, 'De wijziging kon niet worden opgeslagen.'));
    }
  };

  const channelName = log?.channels.find((c) => c.slug === log.channel)?.name ?? log?.channel ?? '';
  const pages = log ? pageCount(log.total, log.pageSize) : 1;
  return (
    <section aria-labelledby="play-corrections-heading">
      <h1 id="play-corrections-heading" tabIndex={-1}>
        Gedraaid corrigeren
      </h1>
      <p>
        Verberg een titel die ten onrechte als gedraaid is gelogd: hij verdwijnt van ‘Gedraaid’, de pagina van
        het nummer, de zoekresultaten en het rapport muziekrechten, en blijft hier staan. Een verkeerde titel
        of artiest verbeter je bij het nummer onder <Link to="/inhoud/songs">Muziek</Link>.
      </p>
      <form className="admin-filters" onSubmit={show} aria-label="Dag en kanaal kiezen">
        <div className="admin-field">
          <label htmlFor="plays-channel">Kanaal</label>
          <select
            id="plays-channel"
            value={draft.channel}
            onChange={(event) => setDraft({ ...draft, channel: event.target.value })}
          >
            {(log?.channels ?? []).map((channel) => (
              <option key={channel.slug} value={channel.slug}>
                {channel.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="plays-date">Datum</label>
          <input
            id="plays-date"
            type="date"
            required
            value={draft.date}
            onChange={(event) => setDraft({ ...draft, date: event.target.value })}
          />
        </div>
        <button type="submit">Tonen</button>
      </form>
      <FormAlert message={error} />
      <p role="status">{notice}</p>
      {log &&
        (log.total === 0 ? (
          <p>Op deze dag is op {channelName} niets gelogd.</p>
        ) : (
          <>
            <p>
              {log.total === 1 ? '1 titel' : `${log.total} titels`}, nieuwste eerst, pagina {log.page} van{' '}
              {pages}
            </p>
            <TableScroll label={`Gedraaid op ${channelName}`}>
              <table className="admin-table">
                <caption>
                  Gedraaid op {channelName}, {formatLongIsoDate(log.date)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Tijd</th>
                    <th scope="col">Titel</th>
                    <th scope="col">Artiest</th>
                    <th scope="col">Op de site</th>
                    <th scope="col">Corrigeren</th>
                  </tr>
                </thead>
                <tbody>
                  {log.plays.map((play) => (
                    <tr key={play.id}>
                      <td>{formatTime(play.startsAt)}</td>
                      <td>{play.title}</td>
                      <td>{play.artist}</td>
                      <td>{play.hidden ? `Verborgen door ${play.hiddenBy ?? 'onbekend'}` : 'Ja'}</td>
                      <td>
                        <button
                          type="button"
                          aria-label={`${play.hidden ? 'Weer tonen' : 'Verbergen'}: ${play.title} om ${formatTime(play.startsAt)}`}
                          onClick={() => void toggle(play)}
                        >
                          {play.hidden ? 'Weer tonen' : 'Verbergen'}
                        </button>{' '}
                        <Link
                          to={`/inhoud/songs/${play.songId}`}
                          aria-label={`Nummer verbeteren: ${play.title}`}
                        >
                          Nummer verbeteren
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager
              page={log.page}
              pages={pages}
              label="Pagina's van de titels"
              onPage={(page) => {
                setNotice(undefined);
                setAsked({ channel: log.channel, date: log.date, page });
              }}
            />
          </>
        ))}
    </section>
  );
}
