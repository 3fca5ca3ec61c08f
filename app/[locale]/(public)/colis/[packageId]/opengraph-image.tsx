import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ogImage, ogSize } from '@/components/og/og-card';
import { formatLongDate } from '@/lib/dates';
import { cityName, formatPrice } from '@/lib/format';
import { isRtl } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page';
import { cachedListing } from '@/lib/server/cached';

export const size = ogSize;
export const contentType = 'image/png';
export const alt = 'Colibri';

const kind: 'package' | 'travel' = 'package';

// The listing's route, date and price, in the page's language.
export default async function Image({ params }: { params: Promise<{ locale: string; packageId: string }> }) {
  const locale = await pageLocale(params);
  const listing = await cachedListing(kind, (await params).packageId);
  if (!listing) notFound();
  const l = await getTranslations({ locale, namespace: 'Listings' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const from = cityName(listing.from, locale);
  const to = cityName(listing.to, locale);
  return ogImage({
    eyebrow: `${m('siteName')} · ${kind === 'package' ? l('parcelsTitle') : l('tripsTitle')}`,
    title: { from, to },
    lines: [
      formatLongDate(listing.startedAt, locale),
      listing.name ?? (listing.travelType ? l(`travelTypes.${listing.travelType}`) : ''),
    ].filter(Boolean),
    badge: l('perKg', { price: formatPrice(listing.pricePerKg, listing.currency, locale) }),
    rtl: isRtl(locale),
  });
}
