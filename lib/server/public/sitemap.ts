import 'server-only';
import { SitemapBuilder, type ISitemapField } from 'next-sitemap';
import { countries } from '@/lib/countries';
import { listingKinds, type ListingKind } from '@/lib/domain';
import { locales } from '@/lib/i18n/locales';
import { landingKinds } from '@/lib/landing';
import { listingPath, listPath, nearbyPage, routePagePath, sitemapPaths, sitemapUrlLimit } from '@/lib/routes';
import { siteUrl } from '@/lib/env';
import { pageUrl } from '@/lib/seo';
import { indexedListingCounts, indexedListings } from '@/lib/server/listings/listings';
import { indexedRoutes } from './routes';

// The part of the sitemap read from the database: the home pages, lists and the map of offers around
// me (never rendered at build time, so next-sitemap does not see them), every landing page, the
// route pages search engines are given (lib/server/public/routes.ts, indexedRoutes) and every open
// listing, each page in the four languages with its hreflang alternates. Pages are numbered in one
// sequence (those above, then the listings of each kind by id) and cut into files of at most
// `urlLimit` URLs; the index names them after the content pages' file (sitemap-pages.xml, written at build).

type Page = { path: string; lastmod?: Date; priority: number };

/** The pages before the listings: fixed ones, then the route pages. */
async function fixedPages(): Promise<Page[]> {
  const routes = await indexedRoutes();
  return [
    { path: '', priority: 1 },
    ...listingKinds.map((kind) => ({ path: listPath(kind), priority: 0.9 })),
    { path: nearbyPage, priority: 0.7 },
    ...Object.keys(landingKinds).flatMap((prefix) =>
      countries.map((c) => ({ path: `${prefix}/${c.slug}`, priority: 0.8 })),
    ),
    ...routes.map((route) => ({ path: routePagePath(route.from, route.to), priority: 0.7 })),
  ];
}

/** Pages per file: each page is one URL per language. */
const pagesPerFile = (urlLimit: number) => Math.max(1, Math.floor(urlLimit / locales.length));

function fields({ path, lastmod, priority }: Page): ISitemapField[] {
  const alternateRefs = [
    ...locales.map((l) => ({ href: pageUrl(l, path), hreflang: l, hrefIsAbsolute: true })),
    { href: pageUrl('fr', path), hreflang: 'x-default', hrefIsAbsolute: true },
  ];
  return locales.map((l) => ({
    loc: pageUrl(l, path),
    lastmod: lastmod?.toISOString(),
    changefreq: 'daily',
    priority,
    alternateRefs,
  }));
}

/** The index: the content pages' file, then one file per `urlLimit` URLs of the database's pages. */
export async function sitemapIndexXml(urlLimit = sitemapUrlLimit): Promise<string> {
  const counts = await indexedListingCounts();
  const pages = (await fixedPages()).length + listingKinds.reduce((sum, kind) => sum + counts[kind], 0);
  const files = Math.ceil(pages / pagesPerFile(urlLimit));
  return new SitemapBuilder().buildSitemapIndexXml([
    siteUrl + sitemapPaths.pages,
    ...Array.from({ length: files }, (_, n) => siteUrl + sitemapPaths.part(n)),
  ]);
}

/** File `n` of the database's pages; null past the last one. */
export async function sitemapPartXml(n: number, urlLimit = sitemapUrlLimit): Promise<string | null> {
  const perFile = pagesPerFile(urlLimit);
  const fixed = await fixedPages();
  const pages = fixed.slice(n * perFile, (n + 1) * perFile);
  // The listings' part of [n * perFile, (n + 1) * perFile), kind after kind.
  let from = Math.max(0, n * perFile - fixed.length);
  let to = (n + 1) * perFile - fixed.length;
  const counts = await indexedListingCounts();
  for (const kind of listingKinds) {
    const take = Math.min(to, counts[kind]) - from;
    if (take > 0) pages.push(...(await indexedListings(kind, from, take)).map(listingPage));
    from = Math.max(0, from - counts[kind]);
    to -= counts[kind];
  }
  if (!pages.length && n > 0) return null;
  return new SitemapBuilder().buildSitemapXml(pages.flatMap(fields));
}

function listingPage(listing: { kind: ListingKind; id: string; updatedAt: Date }): Page {
  return { path: listingPath(listing), lastmod: new Date(listing.updatedAt), priority: 0.6 };
}
