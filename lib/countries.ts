// The nine countries the marketplace serves, by their French URL slug, with ISO code and phone prefix.
export const countries = [
  { slug: 'tunisie', code: 'TN', dial: '+216' },
  { slug: 'france', code: 'FR', dial: '+33' },
  { slug: 'italie', code: 'IT', dial: '+39' },
  { slug: 'maroc', code: 'MA', dial: '+212' },
  { slug: 'espagne', code: 'ES', dial: '+34' },
  { slug: 'belgique', code: 'BE', dial: '+32' },
  { slug: 'algerie', code: 'DZ', dial: '+213' },
  { slug: 'allemagne', code: 'DE', dial: '+49' },
  { slug: 'suisse', code: 'CH', dial: '+41' },
] as const;

export type CountrySlug = (typeof countries)[number]['slug'];

/**
 * Beyond the nine, the countries listings go to (London, Istanbul, Tripoli, Cairo, the Gulf, North
 * America: the demo's routes, lib/server/db/seed/routes.ts). The list filters offer these after the nine.
 */
export const otherDestinations = ['GB', 'TR', 'LY', 'EG', 'AE', 'QA', 'CA', 'US'] as const;

/** Every country of the list filters: the nine, then the other destinations. */
export const listingCountries: readonly string[] = [...countries.map((c) => c.code), ...otherDestinations];

export type CountryOption = { code: string; name: string };

/**
 * Countries to offer in a list, by ISO code, named in `locale` by Intl: the served nine first (in the
 * specification's order), then the others by name.
 */
export function servedFirst(
  codes: Iterable<string>,
  locale: string,
): { served: CountryOption[]; others: CountryOption[] } {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const option = (code: string): CountryOption => ({ code, name: names.of(code) ?? code });
  const servedCodes = new Set<string>(countries.map((c) => c.code));
  const collator = new Intl.Collator(locale);
  return {
    served: countries.map((c) => option(c.code)),
    others: [...new Set(codes)]
      .filter((code) => !servedCodes.has(code))
      .map(option)
      .sort((a, b) => collator.compare(a.name, b.name)),
  };
}
