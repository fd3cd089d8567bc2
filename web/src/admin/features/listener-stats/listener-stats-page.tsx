import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import type { ChartFigure } from './history-chart';
import {
  listenerStatsApi,
  type BucketSize,
  type HistoryQuery,
  type ListenersHistory,
  type ListenersNow,
} from './listener-stats-api';
import { bucketLabel, figure, sessionLength, utcDate } from './listener-words';
import { RoyaltyReportForm } from './royalty-report-form';
import { SongAudienceSection } from './song-audience';

// The live count is read again this often.
const REFRESH_MS = 5000;

// The chart is drawn only on this page: its code loads when the page shows a history.
const HistoryChart = lazy(() =>
  import('./history-chart').then((module) => ({ default: module.HistoryChart })),
);

const BUCKETS: { value: BucketSize; label: string }[] = [
  { value: 'hour', label: 'Per uur' },
  { value: 'day', label: 'Per dag' },
  { value: 'week', label: 'Per week' },
  { value: 'month', label: 'Per maand' },
];

const CHART_FIGURES: { value: ChartFigure; label: string }[] = [
  { value: 'cume', label: 'Bereik (unieke luisteraars)' },
  { value: 'aqh', label: 'Gemiddeld kwartierbereik (AQH)' },
  { value: 'starts', label: 'Gestarte sessies' },
  { value: 'listeningHours', label: 'Luisteruren' },
];

function failureText(failure: unknown, fallback: string): string {
  return failure instanceof AdminApiError ? failure.message : fallback;
}

/**
 * 'Luistercijfers': the listeners now (refreshed every few seconds) with today's peak, and the
 * history per hour, day, week or month per channel and in total, as a chart, as a table (the
 * accessible alternative) and as a CSV download; the month's audience per song ('Per nummer'); for a
 * beheerder also the monthly royalty report.
 */
export function ListenerStatsPage({
  now: clock = () => new Date(),
  canReadRoyalties = false,
}: {
  now?: () => Date;
  canReadRoyalties?: boolean;
}) {
  const [live, setLive] = useState<ListenersNow>();
  const [liveError, setLiveError] = useState<string>();
  const [query, setQuery] = useState<HistoryQuery>(() => ({
    by: 'day',
    from: utcDate(clock(), 6),
    until: utcDate(clock()),
    channel: '',
  }));
  const [chartFigure, setChartFigure] = useState<ChartFigure>('cume');
  const [history, setHistory] = useState<ListenersHistory>();
  const [historyError, setHistoryError] = useState<string>();

  const loadLive = useCallback(
    () =>
      listenerStatsApi
        .now()
        .then((answer) => {
          setLive(answer);
          setLiveError(undefined);
        })
        .catch((failure: unknown) =>
          setLiveError(failureText(failure, 'De luisteraars van nu konden niet worden geladen.')),
        ),
    [],
  );
  useEffect(() => {
    void loadLive();
    const timer = window.setInterval(() => void loadLive(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [loadLive]);

  useEffect(() => {
    let current = true;
    listenerStatsApi
      .history(query)
      .then((answer) => {
        if (!current) return;
        setHistory(answer);
        setHistoryError(undefined);
      })
      .catch((failure: unknown) => {
        if (current) setHistoryError(failureText(failure, 'De luistercijfers konden niet worden geladen.'));
      });
    return () => {
      current = false;
    };
  }, [query]);

  const channelNames = new Map((history?.channels ?? live?.channels ?? []).map((c) => [c.slug, c.name]));
  const chartLabel = CHART_FIGURES.find((f) => f.value === chartFigure)?.label ?? '';

  return (
    <section aria-labelledby="listener-stats-heading">
      <h1 id="listener-stats-heading" tabIndex={-1}>
        Luistercijfers
      </h1>

      <h2>Nu</h2>
      <FormAlert message={liveError} />
      {live && (
        <>
          <p className="listener-now" role="status" aria-live="polite" aria-atomic="true">
            <strong data-testid="listeners-now">{live.listeners}</strong>{' '}
            {live.listeners === 1 ? 'luisteraar' : 'luisteraars'} nu
            {live.peakToday.listeners > 0 && live.peakToday.at
              ? `; piek vandaag ${live.peakToday.listeners} om ${formatInstant(live.peakToday.at)}`
              : ''}
          </p>
          <table className="admin-table">
            <caption>Luisteraars nu per kanaal en formaat</caption>
            <thead>
              <tr>
                <th scope="col">Kanaal</th>
                <th scope="col">MP3</th>
                <th scope="col">HLS</th>
                <th scope="col">Totaal</th>
              </tr>
            </thead>
            <tbody>
              {live.channels.map((channel) => (
                <tr key={channel.slug}>
                  <th scope="row">{channel.name}</th>
                  <td>{channel.formats.mp3 ?? 0}</td>
                  <td>{channel.formats.hls ?? 0}</td>
                  <td>{channel.listeners}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      <h2>Verloop</h2>
      <form className="listener-query" onSubmit={(event) => event.preventDefault()}>
        <label>
          Indeling{' '}
          <select value={query.by} onChange={(e) => setQuery({ ...query, by: e.target.value as BucketSize })}>
            {BUCKETS.map((b) => (
              <option key={b.value} value={b.value}>
                {b.label}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Kanaal{' '}
          <select value={query.channel} onChange={(e) => setQuery({ ...query, channel: e.target.value })}>
            <option value="">Alle kanalen</option>
            {(live?.channels ?? history?.channels ?? []).map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Van (UTC){' '}
          <input
            type="date"
            value={query.from}
            onChange={(e) => e.target.value && setQuery({ ...query, from: e.target.value })}
          />
        </label>{' '}
        <label>
          Tot en met (UTC){' '}
          <input
            type="date"
            value={query.until}
            onChange={(e) => e.target.value && setQuery({ ...query, until: e.target.value })}
          />
        </label>{' '}
        <label>
          In de grafiek{' '}
          <select value={chartFigure} onChange={(e) => setChartFigure(e.target.value as ChartFigure)}>
            {CHART_FIGURES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p className="admin-actions">
        <a href={listenerStatsApi.csvUrl(query)} download>
          Download als CSV
        </a>
      </p>
      <FormAlert message={historyError} />
      {history && (
        <>
          <Suspense fallback={<p>Grafiek laden…</p>}>
            <HistoryChart history={history} figure={chartFigure} label={chartLabel} />
          </Suspense>
          <p className="admin-hint">
            Sessies korter dan {history.minSessionSeconds} seconden tellen niet mee. Het bereik van een week
            of maand is de som van het bereik per dag: wie op drie dagen luisterde, telt drie keer.
          </p>
          <div className="admin-table-scroll">
            <table className="admin-table">
              <caption>
                Luistercijfers {BUCKETS.find((b) => b.value === history.by)?.label.toLowerCase()} (UTC)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Periode</th>
                  <th scope="col">Kanaal</th>
                  <th scope="col">Gestarte sessies</th>
                  <th scope="col">Gemiddeld actief</th>
                  <th scope="col">AQH</th>
                  <th scope="col">Bereik</th>
                  <th scope="col">Luisteruren</th>
                  <th scope="col">Mediane sessie</th>
                </tr>
              </thead>
              <tbody>
                {history.buckets.flatMap((bucket) =>
                  [
                    ...history.channels.map((c) => [c.slug, bucket.channels[c.slug]] as const),
                    ['', bucket.total] as const,
                  ].map(
                    ([slug, figures]) =>
                      figures && (
                        <tr key={`${bucket.from}-${slug}`}>
                          <th scope="row">{bucketLabel(bucket.from, history.by)}</th>
                          <td>{slug ? (channelNames.get(slug) ?? slug) : 'Totaal'}</td>
                          <td>{figures.starts}</td>
                          <td>{figure(figures.averageActive)}</td>
                          <td>{figure(figures.aqh)}</td>
                          <td>
                            {figures.cume}
                            {figures.cumeIsDailySum ? ' (som per dag)' : ''}
                          </td>
                          <td>{figure(figures.listeningHours)}</td>
                          <td>{sessionLength(figures.medianSessionSeconds)}</td>
                        </tr>
                      ),
                  ),
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
      <SongAudienceSection channels={live?.channels ?? history?.channels ?? []} now={clock} />
      {canReadRoyalties && (
        <RoyaltyReportForm channels={live?.channels ?? history?.channels ?? []} now={clock} />
      )}
    </section>
  );
}
