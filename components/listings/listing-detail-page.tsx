import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs, type Crumb } from '@/components/content/breadcrumbs';
import { breadcrumbJsonLd, JsonLd } from '@/components/content/json-ld';
import { routeCrumbs } from '@/components/routes/route-crumbs';
import { formatLongDate } from '@/lib/dates';
import { cityName, countryName, formatNumber, formatPrice } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import { localePrefix, type Locale } from '@/lib/i18n/locales';
import { distanceKm, placeById } from '@/lib/places';
import { isOpenStatus, parcelSizeDimensionsCm } from '@/lib/domain';
import { listingPath, listingSegments, listPath, profilePath, reportListingParam } from '@/lib/routes';
import type { ListingDetail } from '@/lib/schemas/listings';
import { pageUrl } from '@/lib/seo';
import { publicFileUrl } from '@/lib/server/storage';
import { ContactActions } from './contact-actions';
import { JoinDialog } from './join-dialog';
import { MemberTrust } from '@/components/profile/member-trust';
import { StatusBadge } from './status-badge';
import { HeartButton } from './heart-button';
import { ListingMatches } from './listing-matches';
import { ShareLinks } from './share-links';

/** colis/{id} and trajet/{id}: the from/to/date card, details, owner, photos and the contact card. */
export async function ListingDetailPage({ listing, locale }: { listing: ListingDetail; locale: Locale }) {
  const t = await getTranslations('ListingDetail');
  const l = await getTranslations('Listings');
  const sizes = await getTranslations('ParcelSizes');
  const c = await getTranslations('Countries');
  const common = await getTranslations('Common');
  const favourites = await getTranslations('Favourites');
  const from = cityName(listing.from, locale);
  const to = cityName(listing.to, locale);
  const list = listPath(listing.kind);
  const listTitle = listing.kind === 'package' ? l('parcelsTitle') : l('tripsTitle');
  const heading = listing.kind === 'package' ? t('parcelHeading', { from, to }) : t('tripHeading', { from, to });
  const km = distanceKm(listing.from, listing.to);
  const price = formatPrice(listing.pricePerKg, listing.currency, locale);
  const open = isOpenStatus(listing.status);
  const here = localPath(locale, listingPath(listing));
  const card = 'rounded-2xl border border-neutral-200 bg-white p-5';
  // Home → country → route → this listing: its route page when both its cities are the gazetteer's.
  const fromPlace = listing.from.placeId === null ? undefined : placeById(listing.from.placeId);
  const toPlace = listing.to.placeId === null ? undefined : placeById(listing.to.placeId);
  const route = fromPlace && toPlace && fromPlace.id !== toPlace.id ? { from: fromPlace, to: toPlace } : null;
  const listingCrumb = { name: l('route', { from, to }), path: listingPath(listing) };
  const crumbs: Crumb[] = route
    ? [...(await routeCrumbs(route, locale)), listingCrumb]
    : [{ name: common('home'), path: '' }, { name: listTitle, path: list }, listingCrumb];
  const routePage = route ? crumbs.at(-2) : undefined;

  return (
    <>
      <div className="container-page py-6">
        <Breadcrumbs crumbs={crumbs} locale={locale} label={common('breadcrumb')} />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <h1 className="text-secondary text-3xl font-extrabold">{heading}</h1>
          <StatusBadge listing={listing} />
          <HeartButton
            kind={listing.kind}
            id={listing.id}
            labels={{ save: favourites('save'), error: favourites('saveError') }}
            className="ms-auto"
          />
        </div>
        {listing.name ? <p className="mt-2 text-lg">{listing.name}</p> : null}
        {listing.status === 'expired' ? (
          <p className="mt-4 rounded-lg border-s-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            {t('expiredBanner')}
          </p>
        ) : null}
      </div>

      <div className="container-page grid gap-6 pb-12 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <section className={card} aria-label={t('details')}>
            <ol className="grid gap-4 sm:grid-cols-2">
              <li>
                <p className="text-muted text-sm">{l('departure')}</p>
                <p className="text-xl font-bold">{from}</p>
                <p className="text-sm">{countryName(listing.from.country, locale, c)}</p>
                <p className="text-secondary mt-1 font-semibold">
                  <time dateTime={listing.startedAt}>{formatLongDate(listing.startedAt, locale)}</time>
                </p>
              </li>
              <li>
                <p className="text-muted text-sm">{listing.kind === 'package' ? l('arrivalBefore') : l('arrival')}</p>
                <p className="text-xl font-bold">{to}</p>
                <p className="text-sm">{countryName(listing.to.country, locale, c)}</p>
                <p className="text-secondary mt-1 font-semibold">
                  <time dateTime={listing.endedAt}>{formatLongDate(listing.endedAt, locale)}</time>
                </p>
              </li>
            </ol>
            <p className="text-muted mt-3 text-sm">{t('distance', { km: formatNumber(km, locale, 0) })}</p>
            <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-neutral-100 pt-4 sm:grid-cols-3">
              <div>
                <dt className="text-muted text-sm">{t('price')}</dt>
                <dd className="text-secondary text-xl font-extrabold">{l('perKg', { price })}</dd>
              </div>
              {listing.weightKg !== null ? (
                <div>
                  <dt className="text-muted text-sm">{l('weightLabel')}</dt>
                  <dd className="text-xl font-bold">
                    {l('weight', { weight: formatNumber(listing.weightKg, locale) })}
                  </dd>
                  <dd className="text-muted text-sm">
                    {t('estimate', {
                      total: formatPrice(listing.pricePerKg * listing.weightKg, listing.currency, locale),
                      weight: formatNumber(listing.weightKg, locale),
                    })}
                  </dd>
                </div>
              ) : null}
              {listing.size ? (
                <div>
                  <dt className="text-muted text-sm">{l('size')}</dt>
                  <dd className="text-xl font-bold">{sizes(listing.size)}</dd>
                  <dd className="text-muted text-sm">
                    {sizes('dimensions', {
                      length: parcelSizeDimensionsCm[listing.size][0],
                      width: parcelSizeDimensionsCm[listing.size][1],
                      height: parcelSizeDimensionsCm[listing.size][2],
                    })}
                  </dd>
                </div>
              ) : null}
              {listing.contents ? (
                <div className="col-span-2 sm:col-span-3">
                  <dt className="text-muted text-sm">{l('contents')}</dt>
                  <dd dir="auto" className="font-semibold">
                    {listing.contents}
                  </dd>
                  {listing.noProhibitedItems ? <dd className="text-muted text-sm">{l('noProhibitedItems')}</dd> : null}
                </div>
              ) : null}
              {listing.travelType ? (
                <div>
                  <dt className="text-muted text-sm">{l('type')}</dt>
                  <dd className="text-xl font-bold">{l(`travelTypes.${listing.travelType}`)}</dd>
                </div>
              ) : null}
              {listing.availableKg !== null ? (
                <div>
                  <dt className="text-muted text-sm">{l('minAvailable')}</dt>
                  <dd className="text-xl font-bold">
                    {l('available', { weight: formatNumber(listing.availableKg, locale) })}
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>

          {listing.description ? (
            <section className={card}>
              <h2 className="text-secondary text-lg font-bold">{t('description')}</h2>
              <p dir="auto" className="mt-2 leading-relaxed whitespace-pre-line">
                {listing.description}
              </p>
            </section>
          ) : null}

          {listing.images.length ? (
            <section className={card}>
              <h2 className="text-secondary text-lg font-bold">{t('photos')}</h2>
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {listing.images.map((image, i) => (
                  <li key={image.key} className={i === 0 ? 'col-span-2 sm:col-span-3' : ''}>
                    <a href={publicFileUrl(image.key)}>
                      {/* eslint-disable-next-line @next/next/no-img-element -- our own resized webp */}
                      <img
                        src={publicFileUrl(image.key, { width: i === 0 ? 1200 : 600 })}
                        alt={t('photo', { index: i + 1, count: listing.images.length })}
                        width={image.width}
                        height={image.height}
                        loading={i === 0 ? 'eager' : 'lazy'}
                        decoding="async"
                        className="w-full rounded-xl bg-neutral-100 object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <aside className="flex flex-col gap-6">
          <section className={card}>
            <h2 className="text-muted text-sm font-semibold">{t('owner')}</h2>
            <p className="mt-1 text-xl font-bold">
              <Link href={localPath(locale, profilePath(listing.owner.id))} className="hover:underline">
                <bdi>{listing.owner.firstname}</bdi>
              </Link>
            </p>
            <MemberTrust
              member={listing.owner}
              locale={locale}
              ratingClass="text-muted text-sm"
              listClass="mt-3 flex flex-col gap-1.5"
            />
          </section>
          <section className={card}>
            <h2 className="text-secondary text-lg font-bold">{t('contactTitle')}</h2>
            <p className="text-muted mt-1 mb-4 text-sm">{t('contactIntro')}</p>
            <ContactActions
              ownerId={listing.owner.id}
              open={open}
              labels={{
                propose: t('propose'),
                message: t('message'),
                whatsapp: t('whatsapp'),
                call: t('call'),
                sms: t('sms'),
                lockedHint: t('lockedHint'),
                expiredNote: t('expiredNote'),
                ownNote: t('ownNote'),
              }}
              deal={{
                locale,
                prefix: localePrefix(locale),
                segment: listingSegments[listing.kind].detail,
                listing: {
                  kind: listing.kind,
                  id: listing.id,
                  status: listing.status,
                  currency: listing.currency,
                  pricePerKg: listing.pricePerKg,
                  weightKg: listing.weightKg,
                },
              }}
            />
          </section>
          <ShareLinks url={pageUrl(locale, listingPath(listing))} title={heading} locale={locale} />
          {routePage ? (
            <Link href={localPath(locale, routePage.path)} className="text-secondary font-semibold underline">
              {(await getTranslations('RoutePage'))('listingLink', { from, to })}
            </Link>
          ) : null}
          <Link href={localPath(locale, list)} className="text-secondary text-sm font-semibold underline">
            {t('back')}
          </Link>
          {/* The owner's profile opens its report dialog about this listing (components/profile/profile-actions.tsx). */}
          <Link
            href={`${localPath(locale, profilePath(listing.owner.id))}?${reportListingParam}=${listing.kind}.${encodeURIComponent(listing.id)}`}
            rel="nofollow"
            prefetch={false}
            className="text-muted text-sm underline"
          >
            {t('reportListing')}
          </Link>
        </aside>
      </div>

      {open ? <ListingMatches listing={listing} locale={locale} /> : null}

      <JoinDialog locale={locale} here={here} />

      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@graph': [
            breadcrumbJsonLd(crumbs.map((crumb) => ({ name: crumb.name, url: pageUrl(locale, crumb.path) }))),
            {
              '@type': listing.kind === 'travel' ? 'Trip' : 'Service',
              name: heading,
              ...(listing.kind === 'travel'
                ? {
                    departureTime: listing.startedAt,
                    arrivalTime: listing.endedAt,
                    itinerary: [
                      { '@type': 'City', name: from },
                      { '@type': 'City', name: to },
                    ],
                  }
                : {
                    serviceType: listing.name ?? heading,
                    areaServed: [
                      { '@type': 'City', name: from },
                      { '@type': 'City', name: to },
                    ],
                  }),
              description: listing.description || undefined,
              image: listing.images.map((i) => publicFileUrl(i.key, { absolute: true })),
              provider: { '@type': 'Person', name: listing.owner.firstname },
              offers: {
                '@type': 'Offer',
                url: pageUrl(locale, listingPath(listing)),
                priceCurrency: listing.currency,
                price: listing.pricePerKg,
                priceSpecification: {
                  '@type': 'UnitPriceSpecification',
                  price: listing.pricePerKg,
                  priceCurrency: listing.currency,
                  unitCode: 'KGM',
                },
                availabilityStarts: listing.createdAt,
                availabilityEnds: listing.startedAt,
                availability: open ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
              },
            },
          ],
        }}
      />
    </>
  );
}
