import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { breadcrumbJsonLd, JsonLd } from '@/components/content/json-ld';
import { PageIntro } from '@/components/content/prose';
import { AlertButton } from '@/components/listings/alert-button';
import { JoinDialog } from '@/components/listings/join-dialog';
import { ListingGrid } from '@/components/listings/listing-card';
import { ArrowIcon, ChevronDownIcon } from '@/components/ui/icons';
import { formatLongDate } from '@/lib/dates';
import { routeRules, type ListingKind } from '@/lib/domain';
import { countryName, formatNumber, formatPrice } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import { localePrefix, type Locale } from '@/lib/i18n/locales';
import { landingOfCountry } from '@/lib/landing';
import { distanceKm, placeById, placeName } from '@/lib/places';
import { listingPath, listPath, routePagePath } from '@/lib/routes';
import type { ListingSummary } from '@/lib/schemas/listings';
import { filtersToQuery } from '@/lib/schemas/listings';
import { cachedRouteOverview } from '@/lib/server/public/cached';
import { routeFilters, routeFromSlugs, routeSlugs, type OtherRoute, type RouteEnds } from '@/lib/server/public/routes';
import { pageMetadata, pageUrl } from '@/lib/seo';
import { routeCrumbs } from './route-crumbs';

/** The route of a page's slugs, or the 404 page. */
export function routeOr404(params: { from: string; to: string }): RouteEnds {
  const route = routeFromSlugs(params.from, params.to);
  if (!route) notFound();
  return route;
}

export async function routeMetadata(params: { from: string; to: string }, locale: Locale): Promise<Metadata> {
  const route = routeOr404(params);
  const t = await getTranslations({ locale, namespace: 'RoutePage' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const names = { from: placeName(route.from, locale), to: placeName(route.to, locale) };
  const overview = await cachedRouteOverview(route);
  const slugs = routeSlugs(route);
  return pageMetadata({
    locale,
    path: routePagePath(slugs.from, slugs.to),
    title: t('metaTitle', names),
    description: t('metaDescription', names),
    siteName: m('siteName'),
    // A pair without a listing in the window (nor a big one) is a page for its visitors, not for search engines.
    noindex: !overview.indexable,
    image: null,
  });
}

const card = 'rounded-2xl border border-neutral-200 bg-white p-5';
const pill =
  'border-secondary/30 text-secondary hover:border-secondary inline-block rounded-full border bg-white px-4 py-2';

/**
 * /{lang}/envoi-colis/{from}/{to}: the open listings of a city pair both ways, the next departures,
 * the prices asked, durations and modes, an alert, a short FAQ, and links to the countries and the
 * other routes of both cities; complete in the first HTML, cached under the listings' tag.
 */
export async function RoutePage({ params, locale }: { params: { from: string; to: string }; locale: Locale }) {
  const route = routeOr404(params);
  const t = await getTranslations('RoutePage');
  const l = await getTranslations('Listings');
  const c = await getTranslations('Countries');
  const common = await getTranslations('Common');
  const a = await getTranslations('Alerts');
  const landing = await getTranslations('Landing');
  const overview = await cachedRouteOverview(route);
  const from = placeName(route.from, locale);
  const to = placeName(route.to, locale);
  const slugs = routeSlugs(route);
  const here = routePagePath(slugs.from, slugs.to);
  const km = formatNumber(distanceKm(route.from, route.to), locale, 0);
  const filters = routeFilters(route);
  const back = routeFilters({ from: route.to, to: route.from });
  const crumbs = await routeCrumbs(route, locale);
  const window = formatNumber(routeRules.windowDays, locale, 0);

  const forward = [...overview.forward.travel, ...overview.forward.package];
  const backListings = [...overview.back.travel.slice(0, 2), ...overview.back.package.slice(0, 2)].sort((x, y) =>
    x.startedAt.localeCompare(y.startedAt),
  );
  const departures = [...forward]
    .sort((x, y) => x.startedAt.localeCompare(y.startedAt))
    .slice(0, routeRules.departures);
  const empty = !forward.length && !backListings.length;
  const topKind: ListingKind | null = overview.forward.travel.length
    ? 'travel'
    : overview.forward.package.length
      ? 'package'
      : null;
  const price = (amount: number, currency: Parameters<typeof formatPrice>[1]) => formatPrice(amount, currency, locale);
  const [mainPrice] = overview.prices;
  const [mainMode] = overview.modes;

  const faq = [
    {
      q: t('faqPriceQ', { from, to }),
      a: mainPrice
        ? t('faqPriceA', {
            window,
            price: price(mainPrice.median, mainPrice.currency),
            low: price(mainPrice.low, mainPrice.currency),
            high: price(mainPrice.high, mainPrice.currency),
          })
        : t('faqPriceNone', { km }),
    },
    {
      q: t('faqTimeQ', { from, to }),
      a: mainMode ? t('faqTimeA', { mode: l(`travelTypes.${mainMode.type}`) }) : t('faqTimeNone'),
    },
    { q: t('faqFindQ', { from, to }), a: t('faqFindA') },
    { q: t('faqWhatQ'), a: t('faqWhatA') },
  ];

  const listSection = (kind: ListingKind, listings: ListingSummary[]) => {
    const id = kind === 'travel' ? 'trajets' : 'colis';
    return (
      <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-20">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${id}-title`} className="text-secondary text-2xl font-bold">
            {kind === 'travel' ? t('tripsTitle', { from, to }) : t('parcelsTitle', { from, to })}
          </h2>
          <Link
            href={`${localPath(locale, listPath(kind))}${filtersToQuery(filters)}`}
            className="text-secondary inline-flex items-center gap-2 font-semibold underline"
          >
            {kind === 'travel' ? t('seeAllTrips') : t('seeAllParcels')}
            <ArrowIcon className="size-4" />
          </Link>
        </div>
        {listings.length ? (
          <div className="mt-4">
            <ListingGrid listings={listings} locale={locale} eagerFirst={kind === topKind} />
          </div>
        ) : (
          <p className="text-muted mt-3">{kind === 'travel' ? t('noTrips') : t('noParcels')}</p>
        )}
      </section>
    );
  };

  const alert = (
    <section aria-labelledby="route-alert" className="bg-primary-light rounded-2xl px-5 py-4">
      <h2 id="route-alert" className="text-secondary font-bold">
        {empty ? t('emptyTitle') : t('alertTitle')}
      </h2>
      <p className="mt-1 text-sm">{empty ? t('emptyText', { from, to }) : t('alertText', { from, to })}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        {(['travel', 'package'] as const).map((kind) => (
          <AlertButton
            key={kind}
            kind={kind}
            filters={filters}
            locale={localePrefix(locale)}
            manageHref={`${localPath(locale, 'parametres')}#alertes`}
            labels={{
              create: kind === 'travel' ? t('alertTrips') : t('alertParcels'),
              saving: a('saving'),
              saved: a('saved'),
              manage: a('manage'),
              error: a('error'),
            }}
          />
        ))}
      </div>
    </section>
  );

  const otherRoutes = (title: string, routes: OtherRoute[]) =>
    routes.length ? (
      <div>
        <h3 className="font-bold">{title}</h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {routes.map((other) => (
            <li key={`${other.from}-${other.to}`}>
              <Link href={localPath(locale, routePagePath(other.fromSlug, other.toSlug))} className={pill}>
                {l('route', { from: placeLabel(other.from, locale), to: placeLabel(other.to, locale) })}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  const countryPages = [...new Set([route.from.country, route.to.country])]
    .map((code) => landingOfCountry(code))
    .filter((country) => country !== undefined);

  return (
    <>
      <PageIntro
        wide
        title={t('heading', { from, to })}
        intro={t('intro', {
          from,
          to,
          fromCountry: countryName(route.from.country, locale, c),
          toCountry: countryName(route.to.country, locale, c),
        })}
        trail={<Breadcrumbs crumbs={crumbs} locale={locale} label={common('breadcrumb')} />}
      >
        <p className="text-muted mt-2 text-sm">{t('distance', { km })}</p>
      </PageIntro>

      <div className="container-page flex flex-col gap-10 py-8">
        {empty ? alert : null}

        <div className="grid gap-6 md:grid-cols-2">
          {departures.length ? (
            <section aria-labelledby="departures" className={card}>
              <h2 id="departures" className="text-secondary text-xl font-bold">
                {t('departuresTitle')}
              </h2>
              <ol className="mt-3 flex flex-col divide-y divide-neutral-100">
                {departures.map((listing) => (
                  <li key={`${listing.kind}-${listing.id}`}>
                    <Link
                      href={localPath(locale, listingPath(listing))}
                      className="flex items-start justify-between gap-4 py-2 hover:underline"
                    >
                      <span className="flex flex-col">
                        <time dateTime={listing.startedAt} className="font-semibold">
                          {formatLongDate(listing.startedAt, locale)}
                        </time>
                        <span className="text-muted text-sm">
                          {listing.travelType ? l(`travelTypes.${listing.travelType}`) : listing.name}
                        </span>
                      </span>
                      <span className="text-secondary shrink-0 font-bold">
                        {l('perKg', { price: price(listing.pricePerKg, listing.currency) })}
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          <div className={departures.length ? 'flex flex-col gap-6' : 'contents'}>
            <div className="bg-secondary-light rounded-2xl p-6">
              <h2 className="text-secondary text-xl font-bold">{t('pricesTitle')}</h2>
              {overview.prices.length ? (
                <>
                  <p className="mt-2 text-sm">{t('pricesText', { window })}</p>
                  <ul className="mt-3 flex flex-col gap-1.5 font-semibold">
                    {overview.prices.map((row) => (
                      <li key={row.currency}>
                        {t('priceRow', {
                          price: price(row.median, row.currency),
                          low: price(row.low, row.currency),
                          high: price(row.high, row.currency),
                          count: row.count,
                        })}
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className="mt-2">
                  {t('noPrices')}{' '}
                  <Link href={localPath(locale, '/simulateur-prix')} className="text-secondary font-semibold underline">
                    {t('simulator')}
                  </Link>
                </p>
              )}
            </div>
            <div className={card}>
              <h2 className="text-secondary text-xl font-bold">{t('modesTitle')}</h2>
              {overview.modes.length ? (
                <ul className="mt-3 flex flex-col gap-1.5">
                  {overview.modes.map((mode) => {
                    const values = { mode: l(`travelTypes.${mode.type}`), count: mode.count };
                    return (
                      <li key={mode.type}>
                        {mode.days < 1
                          ? t('modeHours', { ...values, hours: Math.max(1, Math.round(mode.days * 24)) })
                          : t('modeDays', { ...values, days: Math.round(mode.days) })}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="mt-2">{t('noModes')}</p>
              )}
            </div>
          </div>
        </div>

        {listSection('travel', overview.forward.travel)}
        {listSection('package', overview.forward.package)}

        <section aria-labelledby="back-title">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="back-title" className="text-secondary text-2xl font-bold">
              {t('backTitle', { from: to, to: from })}
            </h2>
            <Link
              href={localPath(locale, routePagePath(slugs.to, slugs.from))}
              className="text-secondary inline-flex items-center gap-2 font-semibold underline"
            >
              {t('backLink', { from: to, to: from })}
              <ArrowIcon className="size-4" />
            </Link>
          </div>
          {backListings.length ? (
            <div className="mt-4">
              <ListingGrid listings={backListings} locale={locale} />
            </div>
          ) : (
            <p className="text-muted mt-3">
              {t('noBack')}{' '}
              <Link
                href={`${localPath(locale, listPath('travel'))}${filtersToQuery(back)}`}
                className="text-secondary font-semibold underline"
              >
                {t('seeAllTrips')}
              </Link>
            </p>
          )}
        </section>

        {empty ? null : alert}

        <section aria-labelledby="route-faq">
          <h2 id="route-faq" className="text-secondary text-2xl font-bold">
            {t('faqTitle')}
          </h2>
          <div className="mt-4 flex flex-col gap-3">
            {faq.map((item) => (
              <details key={item.q} className={`${card} group`}>
                <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-semibold">
                  {item.q}
                  <ChevronDownIcon className="size-5 shrink-0 transition-transform group-open:rotate-180" />
                </summary>
                <p className="mt-2 leading-relaxed">{item.a}</p>
              </details>
            ))}
          </div>
        </section>

        <nav aria-labelledby="route-links" className="flex flex-col gap-5">
          <h2 id="route-links" className="text-secondary text-xl font-bold">
            {t('countriesTitle')}
          </h2>
          <ul className="-mt-2 flex flex-wrap gap-2">
            {countryPages.map((country) => (
              <li key={country.slug}>
                <Link href={localPath(locale, `/envoyer-colis/${country.slug}`)} className={pill}>
                  {landing('kinds.envoyer.heading', { country: c(country.slug) })}
                </Link>
              </li>
            ))}
          </ul>
          {otherRoutes(t('fromRoutes', { city: from }), overview.otherRoutes.from)}
          {otherRoutes(t('toRoutes', { city: to }), overview.otherRoutes.to)}
        </nav>
      </div>

      <JoinDialog
        locale={locale}
        here={localPath(locale, here)}
        text={(await getTranslations('Favourites'))('joinText')}
      />
      <JsonLd data={routeJsonLd(locale, crumbs, [...forward, ...backListings], faq)} />
    </>
  );
}

function placeLabel(id: number, locale: Locale): string {
  const place = placeById(id);
  return place ? placeName(place, locale) : '';
}

function routeJsonLd(
  locale: Locale,
  crumbs: { name: string; path: string }[],
  listings: ListingSummary[],
  faq: { q: string; a: string }[],
) {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      breadcrumbJsonLd(crumbs.map((crumb) => ({ name: crumb.name, url: pageUrl(locale, crumb.path) }))),
      ...(listings.length
        ? [
            {
              '@type': 'ItemList',
              itemListElement: listings.map((listing, i) => ({
                '@type': 'ListItem',
                position: i + 1,
                url: pageUrl(locale, listingPath(listing)),
              })),
            },
          ]
        : []),
      {
        '@type': 'FAQPage',
        mainEntity: faq.map((item) => ({
          '@type': 'Question',
          name: item.q,
          acceptedAnswer: { '@type': 'Answer', text: item.a },
        })),
      },
    ],
  };
}
