import type { ListingKind } from './domain';
import { listFilterKeys } from './list-query.mjs';
import { listingSegments as segments } from './shared-cache.mjs';

// Every route the site knows, by who may see it. proxy.ts, the sitemap and the tests read this table.

/** Content pages rendered at build time, in every language ('' is the home page). */
export const staticPages = [
  '',
  'faq',
  'comment-ca-marche',
  'politique-de-confidentialite',
  'conditions-generales-utilisation',
  'a-propos',
  'devenez-transporteur',
  'comparatif-colibri-vs-transporteurs',
  'app-mobile',
  'contact',
  'simulateur-prix',
] as const;

/** Screens for visitors only: a signed-in user is sent on by the page itself. */
export const guestRoutes = [
  'connexion',
  'inscription',
  'inscription-sociale',
  'mot-de-passe-oublie',
  'reinitialiser-mot-de-passe',
] as const;

/** Screens for signed-in users only: others go to connexion. */
export const memberRoutes = [
  'ajouter-colis',
  'ajouter-trajet',
  'mon-dashboard',
  'mes-trajets',
  'mes-colis',
  'mes-favoris',
  'messagerie',
  'mes-propositions',
  'verification-telephone',
  'modifier-telephone',
  'parametres',
  'paiements',
  'publier-colis',
  'publier-trajet',
  'modifier-colis',
  'modifier-trajet',
] as const;

/**
 * Publishing from the site (CONTRACT.md "Web routes"): a new listing, and the owner's edit of one
 * (`modifier-colis/{id}`); `publier-colis?from={id}` starts a copy of the member's listing (duplicate).
 */
export const publishPages = { package: 'publier-colis', travel: 'publier-trajet' } as const satisfies Record<
  ListingKind,
  string
>;
export const editPages = { package: 'modifier-colis', travel: 'modifier-trajet' } as const satisfies Record<
  ListingKind,
  string
>;
export function editPath(listing: { kind: ListingKind; id: string }): string {
  return `/${editPages[listing.kind]}/${encodeURIComponent(listing.id)}`;
}
export function duplicatePath(listing: { kind: ListingKind; id: string }): string {
  return `/${publishPages[listing.kind]}?from=${encodeURIComponent(listing.id)}`;
}

/** mes-propositions/{view}: the proposals a member sent, and those they received on their listings. */
export const proposalViews = { sent: 'envoyees', received: 'recues' } as const;

/** The French URL segments of each listing kind (defined with the cache tags, which the production server derives from a page's path). */
export const listingSegments: Readonly<Record<ListingKind, { readonly list: string; readonly detail: string }>> &
  typeof segments = segments;

/** The map of offers around me: public, rendered at its first request (it reads the database), then cached. */
export const nearbyPage = 'autour-de-moi';

/**
 * The sitemap: an index (the one robots.txt names) of the content pages' file, written at build
 * (next-sitemap), and of the files of the pages that read the database, each of at most
 * `sitemapUrlLimit` URLs (the protocol's limit).
 */
export const sitemapPaths = {
  index: '/sitemap.xml',
  pages: '/sitemap-pages.xml',
  part: (n: number) => `/sitemaps/${n}.xml`,
} as const;
export const sitemapUrlLimit = 50_000;

// ---------------------------------------------------------------- route pages and the home page's search

/** A page per city pair (CONTRACT.md "Web routes"): `/{lang}/envoi-colis/{from}/{to}`, slugs of lib/places/slugs.ts. */
export const routePagePrefix = 'envoi-colis';
export function routePagePath(fromSlug: string, toSlug: string): string {
  return `/${routePagePrefix}/${fromSlug}/${toSlug}`;
}

/**
 * The home page's route search is a GET form to this page (app/[locale]/recherche/route.ts), which
 * sends on to the route page or the filtered list. Its fields: the two cities as typed, or the
 * gazetteer ids the enhanced form picked; a departure day; the searcher's role (lib/domain.ts searchRoles).
 */
export const searchPage = 'recherche';
export const searchFields = ['from', 'to', 'fromId', 'toId', 'date', 'role'] as const;

/** Where the JSON API lives (CONTRACT.md "HTTP API"). */
export const apiBasePath = '/api/user/v1';

/**
 * Providers' callbacks, outside the versioned API (CONTRACT.md "HTTP API"): Twilio's message status
 * (checked by X-Twilio-Signature) and Amazon SES's bounces and complaints through SNS (signatures verified).
 */
export const hookPaths = { twilioStatus: '/api/hooks/twilio/status', ses: '/api/hooks/ses' } as const;

/**
 * The two lists; a list with a filter key in its query is rendered per request by ./resultats.
 * (From the table above rather than lib/domain's kinds: this module is in every page's script, and
 * lib/domain, shared with the member screens, would come whole with it.)
 */
export const listPages = Object.values(listingSegments).map((segments) => segments.list);

export function listPath(kind: ListingKind): string {
  return `/${listingSegments[kind].list}`;
}

export function listingPath(listing: { kind: ListingKind; id: string }): string {
  return `/${listingSegments[listing.kind].detail}/${listing.id}`;
}

/** A member's public profile (noindex). */
export function profilePath(userId: string): string {
  return `/profil/${encodeURIComponent(userId)}`;
}

/** `profil/{id}?signaler={kind}.{listingId}`: the profile opens its report dialog about that listing. */
export const reportListingParam = 'signaler';

/** The member's listings of a kind: mes-colis, mes-trajets. */
export const myListingsPages = { package: 'mes-colis', travel: 'mes-trajets' } as const satisfies Record<
  ListingKind,
  string
>;

export { listFilterKeys };
export type ListFilterKey = (typeof listFilterKeys)[number];

/** Where a signed-in member goes after signing in (or on a guest screen): the app, or first their phone. */
export function memberHome(user: { verifiedPhone: boolean }): 'app-mobile' | 'modifier-telephone' {
  return user.verifiedPhone ? 'app-mobile' : 'modifier-telephone';
}

/**
 * The pages that exist, of those the header, drawer, footer and dashboard name: a link to any other
 * is not shown (`isBuilt`). When a page is built, its slug goes here.
 */
export const builtPages: readonly string[] = [
  ...staticPages,
  ...listPages,
  nearbyPage,
  ...guestRoutes,
  'ajouter-colis',
  'ajouter-trajet',
  'mon-dashboard',
  'messagerie',
  'mes-propositions',
  'mes-trajets',
  'mes-colis',
  'mes-favoris',
  'parametres',
  'paiements',
  'verification-telephone',
  'modifier-telephone',
  'publier-colis',
  'publier-trajet',
];

/** Whether a path of the site (`/faq`, `mes-colis#envoyees`, `` for home) leads to a page that exists. */
export function isBuilt(path: string): boolean {
  return builtPages.includes(path.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '');
}

/** The specification's un-prefixed paths, and the /fr page each one now lives at. */
export const legacyPaths: Readonly<Record<string, string>> = {
  faq: 'faq',
  'comment-ca-marche': 'comment-ca-marche',
  'politique-de-confidentialite': 'politique-de-confidentialite',
  'conditions-generales-utilisation': 'conditions-generales-utilisation',
  colis: 'colis',
  trajets: 'trajets',
  'autour-de-moi': 'autour-de-moi',
  'a-propos': 'a-propos',
  'simulateur-prix': 'simulateur-prix',
  'devenez-transporteur': 'devenez-transporteur',
  comparatif: 'comparatif-colibri-vs-transporteurs',
  'app-mobile': 'app-mobile',
  connexion: 'connexion',
  'mot-de-passe-oublie': 'mot-de-passe-oublie',
  messagerie: 'messagerie',
  favoris: 'mes-favoris',
  inscription: 'inscription',
  'verification-telephone': 'verification-telephone',
  'modifier-telephone': 'modifier-telephone',
};

export function isGuestPath(firstSegment: string | undefined): boolean {
  return (guestRoutes as readonly (string | undefined)[]).includes(firstSegment);
}

export function isMemberPath(firstSegment: string | undefined): boolean {
  return (memberRoutes as readonly (string | undefined)[]).includes(firstSegment);
}
