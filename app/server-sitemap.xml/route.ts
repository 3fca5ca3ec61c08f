import { getServerSideSitemap, type ISitemapField } from 'next-sitemap';
import { unstable_cache } from 'next/cache';
import { countries } from '@/lib/countries';
import { locales } from '@/lib/i18n/locales';
import { listingKinds } from '@/lib/domain';
import { landingKinds } from '@/lib/landing';
import { listingPath, listPath, nearbyPage } from '@/lib/routes';
import { listingTags, openListingIds } from '@/lib/server/listings/listings';
import { pageUrl } from '@/lib/seo';

// The part of the sitemap rendered at request time: the home pages, lists and the map of offers around
// me (never rendered at build time, so next-sitemap does not see them), every landing page and every open listing, in the four
// languages with their hreflang alternates. The content pages are in sitemap-0.xml (next-sitemap).

function entry(path: string, lastmod?: Date, priority = 0.6): ISitemapField[] {
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

const fields = unstable_cache(
  async () => {
    const listings = await openListingIds();
    return [
      ...entry('', undefined, 1),
      ...listingKinds.flatMap((kind) => entry(listPath(kind), undefined, 0.9)),
      ...entry(nearbyPage, undefined, 0.7),
      ...Object.keys(landingKinds).flatMap((prefix) =>
        countries.flatMap((c) => entry(`${prefix}/${c.slug}`, undefined, 0.8)),
      ),
      ...listings.flatMap((l) => entry(listingPath(l), new Date(l.updatedAt))),
    ];
  },
  ['server-sitemap'],
  { tags: [listingTags.all], revalidate: 3600 },
);

export async function GET() {
  return getServerSideSitemap(await fields());
}
