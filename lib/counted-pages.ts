import type { ListingKind } from './domain';
import { prefixes, type Prefix } from './i18n/locales';
import { landingKinds } from './landing';
import { listingSegments, nearbyPage, routePagePrefix, staticPages } from './routes';

// The public pages whose visits are counted (lib/server/traffic/), by route template: the one place
// that says which page a path is. A path that matches none is not counted (member, guest and staff
// screens, token pages, files). A new public page is counted by adding its template here: `[name]`
// stands for one path segment, and `listing` names the kind whose id that segment is (its owner sees
// the views). Its own module, not lib/routes.ts, which is in every page's script.

export type CountedPage = { template: string; listing?: ListingKind };

export const countedPages: readonly CountedPage[] = [
  ...staticPages.map((slug) => ({ template: `/${slug}` })),
  ...(Object.keys(listingSegments) as ListingKind[]).flatMap((kind) => [
    { template: `/${listingSegments[kind].list}` },
    { template: `/${listingSegments[kind].detail}/[id]`, listing: kind },
  ]),
  { template: `/${nearbyPage}` },
  { template: '/simulateur-prix/resultat' },
  ...Object.keys(landingKinds).map((prefix) => ({ template: `/${prefix}/[slug]` })),
  { template: `/${routePagePrefix}/[from]/[to]` },
];

/** What the counting knows of a path: its language, its template, and the listing it shows. */
export type PageOfPath = { prefix: Prefix; template: string; listing?: { kind: ListingKind; id: string } };

/** A segment a path may hold: at most 64 characters of a slug or an id (listing ids are base64url or hex). */
const segmentPattern = /^[\w.~-]{1,64}$/;

const byLength = new Map<number, { segments: string[]; page: CountedPage }[]>();
for (const page of countedPages) {
  const segments = page.template.split('/').filter(Boolean);
  byLength.set(segments.length, [...(byLength.get(segments.length) ?? []), { segments, page }]);
}

/**
 * The counted page of a URL path (`/fr/colis/abc` is `/colis/[id]` in fr, showing package abc), or
 * null when the path is not a counted page. A static segment wins over a `[name]` one.
 */
export function pageOfPath(pathname: string): PageOfPath | null {
  const [prefix, ...rest] = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (!prefix || !(prefixes as readonly string[]).includes(prefix)) return null;
  let decoded: string[];
  try {
    decoded = rest.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (decoded.some((segment) => !segmentPattern.test(segment))) return null;
  const candidates = byLength.get(decoded.length) ?? [];
  const matches = (segments: string[], exact: boolean) =>
    segments.every((segment, i) => segment === decoded[i] || (!exact && /^\[\w+\]$/.test(segment)));
  const found =
    candidates.find(({ segments }) => matches(segments, true)) ??
    candidates.find(({ segments }) => matches(segments, false));
  if (!found) return null;
  const { template, listing } = found.page;
  const at = found.segments.findIndex((segment) => segment === '[id]');
  return {
    prefix: prefix as Prefix,
    template,
    ...(listing && at >= 0 ? { listing: { kind: listing, id: decoded[at]! } } : {}),
  };
}
