import { withXMLResponse } from 'next-sitemap';
import { unstable_cache } from 'next/cache';
import { listingTags } from '@/lib/shared-cache.mjs';
import { sitemapPartXml } from '@/lib/server/public/sitemap';

// GET /sitemaps/{n}.xml: one file of the sitemap's pages read from the database (lib/server/public/sitemap.ts).
// Rendered at request time, never at build (the build does not open the database).
export const dynamic = 'force-dynamic';

const part = unstable_cache((n: number) => sitemapPartXml(n), ['sitemap-part'], {
  tags: [listingTags.all],
  revalidate: 3600,
});

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const match = /^(0|[1-9]\d{0,5})\.xml$/.exec((await params).file);
  const xml = match ? await part(Number(match[1])) : null;
  if (xml === null) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return withXMLResponse(xml);
}
