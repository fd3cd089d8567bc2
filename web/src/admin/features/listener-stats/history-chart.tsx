import { useId } from 'react';
import type { Figures, ListenersHistory } from './listener-stats-api';
import { bucketLabel, figure as figureText } from './listener-words';

export type ChartFigure = 'cume' | 'aqh' | 'starts' | 'listeningHours';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 48, right: 12, top: 12, bottom: 32 };
// Distinct on the admin's light background (3:1 against white, WCAG 1.4.11), in the legend too.
const COLOURS = ['#0b5cad', '#b0401a', '#2e7d32', '#6a3d9a', '#8a6d00', '#00767a', '#a3195b', '#4f5b66'];

/**
 * The history as lines, one per channel and one for the total, of the chosen figure. Drawn as SVG
 * without a library; loaded lazily with the page's chart only. Its accessible description says in
 * words what each line shows (its highest and its last value); the table beside it holds every figure.
 */
export function HistoryChart({
  history,
  figure,
  label,
}: {
  history: ListenersHistory;
  figure: ChartFigure;
  label: string;
}) {
  const series = [
    ...history.channels.map((channel) => ({
      name: channel.name,
      values: history.buckets.map((bucket) => value(bucket.channels[channel.slug], figure)),
    })),
    { name: 'Totaal', values: history.buckets.map((bucket) => value(bucket.total, figure)) },
  ];
  const max = Math.max(1, ...series.flatMap((line) => line.values));
  const count = history.buckets.length;
  const x = (i: number) => PAD.left + (count <= 1 ? 0 : (i * (WIDTH - PAD.left - PAD.right)) / (count - 1));
  const y = (v: number) => PAD.top + (1 - v / max) * (HEIGHT - PAD.top - PAD.bottom);
  const every = Math.max(1, Math.ceil(count / 8));
  const descriptionId = useId();
  return (
    <figure className="listener-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Grafiek: ${label}. De tabel eronder geeft dezelfde cijfers.`}
        aria-describedby={descriptionId}
      >
        <line x1={PAD.left} y1={y(0)} x2={WIDTH - PAD.right} y2={y(0)} stroke="#4f5b66" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="11">
          {figureText(max)}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="11">
          0
        </text>
        {history.buckets.map((bucket, i) =>
          i % every === 0 ? (
            <text key={bucket.from} x={x(i)} y={HEIGHT - 10} textAnchor="middle" fontSize="11">
              {bucketLabel(bucket.from, history.by)}
            </text>
          ) : null,
        )}
        {series.map((line, index) => (
          <polyline
            key={line.name}
            fill="none"
            stroke={COLOURS[index % COLOURS.length]}
            strokeWidth={line.name === 'Totaal' ? 3 : 2}
            strokeDasharray={line.name === 'Totaal' ? '6 3' : undefined}
            points={line.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        <p id={descriptionId} className="visually-hidden">
          {series.map((line) => describeLine(line.name, line.values, history)).join(' ')}
        </p>
        <ul className="listener-chart-legend">
          {series.map((line, index) => (
            <li key={line.name}>
              <span aria-hidden="true" style={{ color: COLOURS[index % COLOURS.length] }}>
                ■{' '}
              </span>
              {line.name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** "Totaal: hoogste 3 (28-11-2026), laatste 3 (28-11-2026)."; the highest's first bucket. */
function describeLine(name: string, values: number[], history: ListenersHistory): string {
  if (values.length === 0) return `${name}: geen perioden.`;
  const highest = values.reduce((best, v, i) => (v > (values[best] ?? 0) ? i : best), 0);
  const last = values.length - 1;
  const at = (i: number) => bucketLabel(history.buckets[i]?.from ?? '', history.by);
  return `${name}: hoogste ${figureText(values[highest] ?? 0)} (${at(highest)}), laatste ${figureText(values[last] ?? 0)} (${at(last)}).`;
}

function value(figures: Figures | undefined, figure: ChartFigure): number {
  return figures ? figures[figure] : 0;
}
