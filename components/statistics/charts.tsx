import type { ReactNode } from 'react';

// The statistics page's charts, drawn on the server as SVG (no script): visitors and views per day, and
// a bar per row of a table. Colours are the theme's (app/globals.css).

type Day = { day: string; visitors: number; views: number };

const width = 720;
const height = 220;
// The chart is drawn to the card's width, so its text is given in the drawing's units: larger ones on
// narrow screens, where the drawing is shrunk the most (a phone's card: about 10 px on screen).
const axisText = 'fill-neutral-600 text-[24px] sm:text-[16px] lg:text-[11px]';
const pad = { top: 14, right: 12, bottom: 38, left: 62 };

/** A round step for the vertical axis: 1, 2 or 5 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/**
 * Views as bars and visitors as a line, one slot per day, left to right in every language (a time
 * axis); the first, middle and last days named under it. `label` says the whole in words.
 */
export function DailyChart({
  days,
  label,
  dayLabel,
  legend,
  format,
}: {
  days: Day[];
  label: string;
  dayLabel: (day: string) => string;
  legend: { views: string; visitors: string };
  format: (value: number) => string;
}) {
  const top = niceMax(Math.max(1, ...days.map((d) => d.views)));
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (value: number) => pad.top + plotHeight - (value / top) * plotHeight;
  const x = (i: number) => pad.left + slot * i + slot / 2;
  const line = days.map((d, i) => `${x(i).toFixed(1)},${y(d.visitors).toFixed(1)}`).join(' ');
  const named = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])].filter((i) => i >= 0);
  return (
    <figure className="m-0">
      <div dir="ltr" className="relative overflow-x-auto">
        <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="h-auto w-full min-w-[20rem]">
          {[0, 0.5, 1].map((share) => (
            <g key={share}>
              <line
                x1={pad.left}
                x2={width - pad.right}
                y1={y(top * share)}
                y2={y(top * share)}
                className="stroke-neutral-200"
              />
              <text x={pad.left - 8} y={y(top * share) + 6} textAnchor="end" className={axisText}>
                {format(top * share)}
              </text>
            </g>
          ))}
          {days.map((d, i) => (
            <rect
              key={d.day}
              x={x(i) - Math.max(1, slot * 0.35)}
              y={y(d.views)}
              width={Math.max(2, slot * 0.7)}
              height={Math.max(0, pad.top + plotHeight - y(d.views))}
              rx={1.5}
              className="fill-secondary/70"
            />
          ))}
          {days.length > 1 ? (
            <polyline points={line} fill="none" strokeWidth={2.5} className="stroke-primary-dark" />
          ) : null}
          {days.map((d, i) => (
            <circle key={d.day} cx={x(i)} cy={y(d.visitors)} r={2.5} className="fill-primary-dark" />
          ))}
          {named.map((i) => (
            <text
              key={i}
              x={x(i)}
              y={height - 6}
              textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
              className={axisText}
            >
              {dayLabel(days[i]!.day)}
            </text>
          ))}
        </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="bg-secondary/70 inline-block size-3 rounded-sm" />
          {legend.views}
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="bg-primary-dark inline-block h-1 w-4 rounded-full" />
          {legend.visitors}
        </span>
      </figcaption>
    </figure>
  );
}

/** A bar of `value` out of `max`, drawn from the start of the line (the right on right-to-left pages). */
export function Bar({ value, max }: { value: number; max: number }) {
  const share = max > 0 ? Math.max(0.01, value / max) : 0;
  return (
    <svg
      viewBox="0 0 100 8"
      preserveAspectRatio="none"
      aria-hidden="true"
      className="block h-2 w-full rtl:-scale-x-100"
    >
      <rect width="100" height="8" rx="2" className="fill-neutral-100" />
      <rect width={share * 100} height="8" rx="2" className="fill-secondary" />
    </svg>
  );
}

/** One table of the page: a title, rows of a label, figures and a bar of the first figure. */
export function RankedTable({
  title,
  columns,
  rows,
  empty,
}: {
  title: string;
  columns: string[];
  rows: { key: string; label: ReactNode; figures: { value: number; text: string }[] }[];
  empty: string;
}) {
  const max = Math.max(0, ...rows.map((row) => row.figures[0]?.value ?? 0));
  return (
    <section className="rounded-2xl border border-neutral-200 bg-white p-5" aria-label={title}>
      <h2 className="text-secondary text-lg font-bold">{title}</h2>
      {rows.length ? (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-muted text-start">
              <th scope="col" className="pb-2 text-start font-semibold">
                {columns[0]}
              </th>
              {columns.slice(1).map((column) => (
                <th key={column} scope="col" className="ps-3 pb-2 text-end font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-neutral-100 align-top">
                <th scope="row" className="py-2 pe-3 text-start font-normal wrap-anywhere">
                  {row.label}
                  <Bar value={row.figures[0]?.value ?? 0} max={max} />
                </th>
                {row.figures.map((figure, i) => (
                  <td key={i} className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                    {figure.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-muted mt-3 text-sm">{empty}</p>
      )}
    </section>
  );
}
