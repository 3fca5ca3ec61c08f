import 'server-only';
import { unstable_cache } from 'next/cache';
import sharp from 'sharp';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { formatLongDate } from '@/lib/dates';
import { cityName, formatPrice } from '@/lib/format';
import { isRtl, type Locale } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page';
import { landingCountry, landingKinds, type LandingPrefix } from '@/lib/landing';
import { type ListingKind } from '@/lib/domain';
import type { ListingDetail } from '@/lib/schemas/listings';
import { placeName } from '@/lib/places';
import { cachedListing, cachedRouteOverview } from '@/lib/server/public/cached';
import { routeFromSlugs } from '@/lib/server/public/routes';
import { listingTags } from '@/lib/server/listings/listings';
import { ogCoverPhoto } from '@/lib/server/listings/og-cover';
import { ogImage, ogSize } from './og-card';

// The opengraph-image routes of listings and landing pages: each route file names its kind (and its listing's id).

/**
 * A listing's card: its cover photo under its route, date and price, else the route alone, in the
 * page's language. Drawn once, then kept in Next's data cache under the listing's tag (a write to
 * the listing draws it again), as JPEG.
 */
export async function listingOgImage(kind: ListingKind, params: Promise<{ locale: string }>, id: string) {
  const locale = await pageLocale(params);
  const listing = await cachedListing(kind, id);
  if (!listing) notFound();
  const card = await unstable_cache(() => drawListingCard(listing, locale), ['og-card', kind, id, locale], {
    tags: [listingTags.one(kind, id)],
    revalidate: 3600,
  })();
  return new Response(Buffer.from(card.base64, 'base64'), {
    headers: { 'content-type': card.type, 'cache-control': 'public, max-age=300' },
  });
}

async function drawListingCard(listing: ListingDetail, locale: Locale) {
  const l = await getTranslations({ locale, namespace: 'Listings' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const photo = listing.cover ? await ogCoverPhoto(listing.cover, ogSize) : null;
  const image = await ogImage({
    eyebrow: `${m('siteName')} · ${listing.kind === 'package' ? l('parcelsTitle') : l('tripsTitle')}`,
    title: { from: cityName(listing.from, locale), to: cityName(listing.to, locale) },
    lines: [
      formatLongDate(listing.startedAt, locale),
      listing.name ?? (listing.travelType ? l(`travelTypes.${listing.travelType}`) : ''),
    ].filter(Boolean),
    badge: l('perKg', { price: formatPrice(listing.pricePerKg, listing.currency, locale) }),
    rtl: isRtl(locale),
    photo,
  });
  // JPEG for every listing card (the route files say so): a photo is about 1 MB as PNG.
  const jpeg = await sharp(Buffer.from(await image.arrayBuffer()))
    .jpeg({ quality: photo ? 82 : 90 })
    .toBuffer();
  return { type: 'image/jpeg', base64: jpeg.toString('base64') };
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

/** A route page's card: its two cities, and the median price asked on it when there is one. */
export async function routeOgImage(params: Promise<{ locale: string; from: string; to: string }>) {
  const locale = await pageLocale(params);
  const route = routeFromSlugs((await params).from, (await params).to);
  if (!route) notFound();
  const overview = await cachedRouteOverview(route);
  const t = await getTranslations({ locale, namespace: 'RoutePage' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const l = await getTranslations({ locale, namespace: 'Listings' });
  const h = await getTranslations({ locale, namespace: 'Home' });
  const [price] = overview.prices;
  return ogImage({
    eyebrow: m('siteName'),
    title: { from: placeName(route.from, locale), to: placeName(route.to, locale) },
    lines: [price ? t('pricesTitle') : h('commissionTitle')],
    badge: price ? l('perKg', { price: formatPrice(price.median, price.currency, locale) }) : undefined,
    rtl: isRtl(locale),
  });
}
