import 'server-only';
import type { Statistics } from '@/lib/schemas/traffic';

// GET /statistics/export: the statistics of a range as one CSV file, its tables one after the other,
// each with its own header row and a blank line between them.

/** A field as CSV writes it: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const table = (header: string[], rows: (string | number | null)[][]) =>
  [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n');

const rounded = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

export function statisticsCsv(stats: Statistics): string {
  return (
    [
      table(
        ['day', 'visitors', 'views'],
        stats.days.map((d) => [d.day, d.visitors, d.views]),
      ),
      table(
        ['dimension', 'value', 'visitors', 'views'],
        Object.entries(stats.top).flatMap(([dimension, rows]) =>
          rows.map((row) => [dimension, row.value, row.visitors, row.views]),
        ),
      ),
      table(
        ['utm_source', 'utm_medium', 'utm_campaign', 'visitors', 'views', 'sign_ups', 'listings_published'],
        stats.campaigns.map((c) => [c.source, c.medium, c.campaign, c.visitors, c.views, c.signUps, c.listings]),
      ),
      table(
        ['kind', 'id', 'title', 'visitors', 'views'],
        stats.listings.map((l) => [l.kind, l.id, l.title, l.visitors, l.views]),
      ),
      table(
        ['template', 'device', 'samples', 'lcp_p75_ms', 'inp_p75_ms', 'cls_p75', 'ttfb_p75_ms'],
        stats.vitals.map((v) => [
          v.template,
          v.device,
          v.samples,
          rounded(v.lcp),
          rounded(v.inp),
          rounded(v.cls),
          rounded(v.ttfb),
        ]),
      ),
    ].join('\r\n\r\n') + '\r\n'
  );
}
