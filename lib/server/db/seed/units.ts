// Time units and rounding shared by the demo seed and the benchmark data (scripts/bench/generate.ts).

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const at = (ms: number) => new Date(ms);

/** Departure-like times: rounded to five minutes. */
export const roundTime = (ms: number) => Math.round(ms / (5 * MINUTE)) * 5 * MINUTE;

/** `value` to the nearest multiple of `step`, without the float noise (0.1 + 0.2). */
export function round(value: number, step: number): number {
  return Math.round(Math.round(value / step) * step * 1000) / 1000;
}
