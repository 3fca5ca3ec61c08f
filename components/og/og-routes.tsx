import 'server-only';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { formatLongDate } from '@/lib/dates';
import { cityName, formatPrice } from '@/lib/format';
import { isRtl } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page';
import { landingCountry, landingKinds, type LandingPrefix } from '@/lib/landing';
import { type ListingKind } from '@/lib/domain';
import { cachedListing } from '@/lib/server/public/cached';
import { ogImage } from './og-card';

// The opengraph-image routes of listings and landing pages: each route file names its kind (and its listing's id).

/** A listing's route, date and price, in the page's language. */
export async function listingOgImage(kind: ListingKind, params: Promise<{ locale: string }>, id: string) {
  const locale = await pageLocale(params);
  const listing = await cachedListing(kind, id);
  if (!listing) notFound();
  const l = await getTranslations({ locale, namespace: 'Listings' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  return ogImage({
    eyebrow: `${m('siteName')} · ${kind === 'package' ? l('parcelsTitle') : l('tripsTitle')}`,
    title: { from: cityName(listing.from, locale), to: cityName(listing.to, locale) },
    lines: [
      formatLongDate(listing.startedAt, locale),
      listing.name ?? (listing.travelType ? l(`travelTypes.${listing.travelType}`) : ''),
    ].filter(Boolean),
    badge: l('perKg', { price: formatPrice(listing.pricePerKg, listing.currency, locale) }),
    rtl: isRtl(locale),
  });
}

/** A landing page's heading with its country, in the page's language. */
export async function landingOgImage(prefix: LandingPrefix, params: Promise<{ locale: string; slug: string }>) {
  const locale = await pageLocale(params);
  const country = landingCountry((await params).slug);
  if (!country) notFound();
  const t = await getTranslations({ locale, namespace: 'Landing' });
  const c = await getTranslations({ locale, namespace: 'Countries' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const h = await getTranslations({ locale, namespace: 'Home' });
  return ogImage({
    eyebrow: m('siteName'),
    title: t(`kinds.${landingKinds[prefix]}.heading`, { country: c(country.slug) }),
    lines: [h('commissionTitle')],
    rtl: isRtl(locale),
  });
}
