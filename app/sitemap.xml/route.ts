import { withXMLResponse } from 'next-sitemap';
import { unstable_cache } from 'next/cache';
import { listingTags } from '@/lib/shared-cache.mjs';
import { sitemapIndexXml } from '@/lib/server/public/sitemap';

// GET /sitemap.xml: the sitemap index robots.txt names (lib/server/public/sitemap.ts), cached under the listings' tag.
// Rendered at request time, never at build (the build does not open the database).
export const dynamic = 'force-dynamic';

const index = unstable_cache(() => sitemapIndexXml(), ['sitemap-index'], {
  tags: [listingTags.all],
  revalidate: 3600,
});

export async function GET() {
  return withXMLResponse(await index());
}
