import { prefixes } from './locales';

/** Content pages: rendered at build time in the four languages. */
export function allLocaleParams() {
  return prefixes.map((locale) => ({ locale }));
}

/** Pages that read the database: none at build time (PGlite is one process's database, and the build
 * may not see the server's data); each is rendered at its first request, then cached until a write
 * revalidates its tags. */
export function noParamsAtBuild() {
  return [];
}
