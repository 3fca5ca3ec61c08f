import 'server-only';

/**
 * Whether a write broke a unique index (PostgreSQL's 23505). Drizzle wraps the driver's error, so the
 * code is looked for along the chain of causes.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}
