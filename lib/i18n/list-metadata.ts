import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { listPath } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { type ListingKind } from '@/lib/domain';
import { filtersToQuery, listingFiltersSchema } from '@/lib/schemas/listings';
import type { Locale } from './locales';

/** colis and trajets: a filtered list is its own indexable URL; later pages (cursor) are not indexed. */
export async function listMetadata(
  kind: ListingKind,
  locale: Locale,
  raw: Record<string, string | undefined> = {},
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Listings' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const parsed = listingFiltersSchema.safeParse(raw);
  const query = parsed.success ? filtersToQuery({ ...parsed.data, cursor: undefined }) : '';
  const meta = pageMetadata({
    locale,
    path: listPath(kind),
    query,
    title: kind === 'package' ? t('parcelsMetaTitle') : t('tripsMetaTitle'),
    description: kind === 'package' ? t('parcelsMetaDescription') : t('tripsMetaDescription'),
    siteName: m('siteName'),
    noindex: !parsed.success || Boolean(raw.cursor),
  });
  return meta;
}
