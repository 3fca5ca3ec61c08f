import { getTranslations } from 'next-intl/server';
import { formatLongDate } from '@/lib/dates';
import { cityName, countryName, formatNumber, formatPrice } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import { listingPath } from '@/lib/routes';
import { isRtl, type Locale } from '@/lib/i18n/locales';
import type { ListingSummary } from '@/lib/schemas/listings';
import { publicFileUrl } from '@/lib/server/storage';
import { firstCardId } from './element-ids';
import { ListingCards, type CardView } from './listing-cards';
import { routeCover } from './route-cover';

/**
 * Listings as cards: route, dates, weight or means of transport, price, owner; texts in the page's
 * language. `eagerFirst`: the grid comes first on its page (a list), so its first photo is fetched
 * with the page, not lazily (on a phone it is in view, and the largest thing there).
 */
export async function ListingGrid({
  listings,
  locale,
  eagerFirst = false,
}: {
  listings: ListingSummary[];
  locale: Locale;
  eagerFirst?: boolean;
}) {
  const t = await getTranslations('Listings');
  const c = await getTranslations('Countries');
  const cards = listings.map((listing): CardView => {
    const facts: CardView['facts'] = [
      [t('departure'), formatLongDate(listing.startedAt, locale)],
      [listing.kind === 'package' ? t('arrivalBefore') : t('arrival'), formatLongDate(listing.endedAt, locale)],
    ];
    if (listing.kind === 'package' && listing.weightKg !== null) {
      facts.push([t('weightLabel'), t('weight', { weight: formatNumber(listing.weightKg, locale) })]);
    }
    if (listing.travelType) facts.push([t('type'), t(`travelTypes.${listing.travelType}`)]);
    const { owner } = listing;
    return {
      kind: listing.kind,
      id: listing.id,
      href: localPath(locale, listingPath(listing)),
      image: listing.cover
        ? publicFileUrl(listing.cover, { width: 600 })
        : routeCover(cityName(listing.from, locale), cityName(listing.to, locale), listing.kind, isRtl(locale)),
      status: listing.status,
      statusLabel:
        listing.kind === 'package' ? t(`packageStatus.${listing.status}`) : t(`travelStatus.${listing.status}`),
      price: t('perKg', { price: formatPrice(listing.pricePerKg, listing.currency, locale) }),
      from: cityName(listing.from, locale),
      to: cityName(listing.to, locale),
      route: t('route', {
        from: countryName(listing.from.country, locale, c),
        to: countryName(listing.to.country, locale, c),
      }),
      name: listing.name || null,
      facts,
      owner: owner.firstname,
      rating:
        owner.rating !== null
          ? `★ ${formatNumber(owner.rating, locale)} · ${t('reviews', { count: owner.reviewCount })}`
          : t('noRating'),
      // The strongest check shows: identity (checked by staff), else the phone.
      verified: owner.verified.identity ? t('verifiedIdentity') : owner.verified.phone ? t('verifiedPhone') : null,
    };
  });
  const f = await getTranslations('Favourites');
  return (
    <>
      {/* The first paint waits for the first card (React puts the link in the head), so a phone
          does not paint the page's top alone and then, a frame later, its largest element. */}
      {eagerFirst && cards.length ? <link rel="expect" href={`#${firstCardId}`} blocking="render" /> : null}
      <ListingCards
        cards={cards}
        heart={{ save: f('save'), error: f('saveError') }}
        routeTo={t('routeTo')}
        eagerFirst={eagerFirst}
      />
    </>
  );
}
