import { countries, type CountrySlug } from './countries';

// The location landing pages: three URL prefixes, one screen, each with its own wording.
export const landingKinds = {
  'transport-colis': 'transport',
  'livraison-colis': 'livraison',
  'envoyer-colis': 'envoyer',
} as const;
export type LandingPrefix = keyof typeof landingKinds;

export function landingCountry(slug: string) {
  return countries.find((c) => c.slug === slug) as { slug: CountrySlug; code: string; dial: string } | undefined;
}

/** The landing pages' country of an ISO code, when the marketplace serves it. */
export function landingOfCountry(code: string) {
  return countries.find((c) => c.code === code) as { slug: CountrySlug; code: string; dial: string } | undefined;
}
