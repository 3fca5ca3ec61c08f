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
