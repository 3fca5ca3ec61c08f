import { listingTimeZone } from './domain';

// Listings follow calendar days of Tunisia (lib/domain.ts `listingTimeZone`): a trip leaving at 23:30 in
// Tunis leaves that day, whatever the server's zone. Pure functions: the server's rules and the
// browser's forms both use them.

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: listingTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) of an instant, in Tunisia. */
export function listingDay(at: Date | string | number): string {
  return dayFormat.format(new Date(at));
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: listingTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffset(at: number): number {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - (at - (at % 1000));
}

/** The instant a calendar day (YYYY-MM-DD) of Tunisia starts. */
export function dayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  // Twice: the offset at the guess may differ from the one at the real midnight (a change of time).
  let at = midnightUtc - zoneOffset(midnightUtc);
  at = midnightUtc - zoneOffset(at);
  return new Date(at);
}

/** The calendar day after `day`. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
