import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { formatLongDate } from '@/lib/dates';
import { cityName, formatNumber, formatPrice } from '@/lib/format';
import { type ListingKind } from '@/lib/domain';
import { cachedListing } from '@/lib/server/public/cached';
import { listingPath } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import type { Locale } from './locales';

/** A listing of a page, or the 404 page (also for the metadata, so the status is 404). */
export async function listingOr404(kind: ListingKind, id: string) {
  const listing = await cachedListing(kind, id);
  if (!listing) notFound();
  return listing;
}

export async function listingMetadata(kind: ListingKind, id: string, locale: Locale): Promise<Metadata> {
  const listing = await listingOr404(kind, id);
  const t = await getTranslations({ locale, namespace: 'ListingDetail' });
  const l = await getTranslations({ locale, namespace: 'Listings' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const values = {
    from: cityName(listing.from, locale),
    to: cityName(listing.to, locale),
    date: formatLongDate(listing.startedAt, locale),
    price: formatPrice(listing.pricePerKg, listing.currency, locale),
    name: listing.name ?? '',
    weight: formatNumber(listing.weightKg ?? 0, locale),
    type: listing.travelType ? l(`travelTypes.${listing.travelType}`) : '',
  };
  return pageMetadata({
    locale,
    path: listingPath({ kind, id }),
    title: kind === 'package' ? t('parcelMetaTitle', values) : t('tripMetaTitle', values),
    description: kind === 'package' ? t('parcelMetaDescription', values) : t('tripMetaDescription', values),
    siteName: m('siteName'),
    image: null,
    noindex: listing.status === 'expired',
  });
}
