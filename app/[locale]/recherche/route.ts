import { notFound } from 'next/navigation';
import { localeFromSegment } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { searchFields } from '@/lib/routes';
import { searchDestination, type SearchQuery } from '@/lib/server/public/route-search';

// GET /{lang}/recherche?from=&to=&fromId=&toId=&date=&role=: the home page's route search, sent on
// (303) to the route page or the list that answers it (lib/server/public/route-search.ts).
export async function GET(request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const search = new URL(request.url).searchParams;
  const query: SearchQuery = Object.fromEntries(
    searchFields.flatMap((field) => {
      const value = search.get(field);
      return value === null ? [] : [[field, value]];
    }),
  );
  return new Response(null, {
    status: 303,
    headers: { location: localPath(locale, searchDestination(query)), 'cache-control': 'no-store' },
  });
}
