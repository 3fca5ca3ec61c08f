import { isLocale, isPrefix, localePrefix, locales, type Prefix } from './locales';

/** The cookie that remembers the chosen language (name from the specification). */
export const languageCookie = 'i18next';

/** The language of a tag such as `ar-TN`, `en-GB`, `tn` or `fr`, if the site has it. */
export function prefixForTag(tag: string): Prefix | undefined {
  const lower = tag.trim().toLowerCase();
  // ISO 639-3 for Tunisian Arabic.
  if (lower === 'aeb' || lower.startsWith('aeb-')) return 'tn';
  // The lng query and the cookie hold URL prefixes.
  if (isPrefix(lower)) return lower;
  const exact = locales.find((locale) => locale.toLowerCase() === lower);
  if (exact) return localePrefix(exact);
  // A regional variant of a language the site has (en-GB, ar-MA); `tn-ZA` is Setswana, not ours.
  const base = lower.split('-')[0] ?? '';
  return isLocale(base) ? localePrefix(base) : undefined;
}

/** Languages of an Accept-Language header, best first (q=0 entries dropped). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The specification's detection order: `lng` query, `i18next` cookie, Accept-Language, else fr. */
export function detectPrefix(input: {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Prefix {
  for (const candidate of [input.query, input.cookie]) {
    const prefix = candidate ? prefixForTag(candidate) : undefined;
    if (prefix) return prefix;
  }
  for (const tag of parseAcceptLanguage(input.acceptLanguage ?? '')) {
    const prefix = prefixForTag(tag);
    if (prefix) return prefix;
  }
  return 'fr';
}
