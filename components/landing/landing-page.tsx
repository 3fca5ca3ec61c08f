import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { breadcrumbJsonLd, JsonLd } from '@/components/content/json-ld';
import { PageIntro } from '@/components/content/prose';
import { ListingGrid } from '@/components/listings/listing-card';
import { JoinDialog } from '@/components/listings/join-dialog';
import { ArrowIcon } from '@/components/ui/icons';
import { countries } from '@/lib/countries';
import { formatPrice } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { landingCountry, landingKinds, type LandingPrefix } from '@/lib/landing';
import { type ListingKind } from '@/lib/domain';
import { cachedBusiestRoutes, cachedListings, cachedTypicalPrices } from '@/lib/server/public/cached';
import { placeById, placeName } from '@/lib/places';
import { routePagePath } from '@/lib/routes';
import type { ListingSummary } from '@/lib/schemas/listings';
import { pageMetadata, pageUrl } from '@/lib/seo';

export async function landingMetadata(prefix: LandingPrefix, slug: string, locale: Locale): Promise<Metadata> {
  const country = landingCountry(slug);
  if (!country) notFound();
  const t = await getTranslations({ locale, namespace: 'Landing' });
  const c = await getTranslations({ locale, namespace: 'Countries' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const kind = landingKinds[prefix];
  const name = c(country.slug);
  return pageMetadata({
    locale,
    path: `${prefix}/${slug}`,
    title: t(`kinds.${kind}.metaTitle`, { country: name }),
    description: t(`kinds.${kind}.metaDescription`, { country: name }),
    siteName: m('siteName'),
    image: null,
  });
}

/** Open listings to or from a country, soonest first. */
async function listingsOfCountry(kind: ListingKind, code: string): Promise<ListingSummary[]> {
  const [to, from] = await Promise.all([
    cachedListings(kind, { toCountry: code, limit: 6 }),
    cachedListings(kind, { fromCountry: code, limit: 6 }),
  ]);
  const seen = new Set<string>();
  return [...to.items, ...from.items]
    .filter((l) => !seen.has(l.id) && seen.add(l.id))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .slice(0, 6);
}

export async function LandingPage({ prefix, slug, locale }: { prefix: LandingPrefix; slug: string; locale: Locale }) {
  const country = landingCountry(slug);
  if (!country) notFound();
  const t = await getTranslations('Landing');
  const c = await getTranslations('Countries');
  const l = await getTranslations('Listings');
  const common = await getTranslations('Common');
  const kind = landingKinds[prefix];
  const name = c(country.slug);
  const href = (path: string) => localPath(locale, path);
  const [parcels, trips, prices, routes] = await Promise.all([
    listingsOfCountry('package', country.code),
    listingsOfCountry('travel', country.code),
    cachedTypicalPrices(country.code),
    cachedBusiestRoutes(country.code),
  ]);
  const r = await getTranslations('RoutePage');
  const carry = t.raw(`countries.${country.slug}.carry`) as string[];

  // The first list with listings is at the top of the page: its first photo comes with it (ListingGrid's eagerFirst).
  const topList = parcels.length ? parcels : trips;
  const listSection = (id: string, title: string, items: ListingSummary[], more: string, path: string) => (
    <section aria-labelledby={id}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-secondary text-2xl font-bold">
          {title}
        </h2>
        <Link href={href(path)} className="text-secondary inline-flex items-center gap-2 font-semibold underline">
          {more}
          <ArrowIcon className="size-4" />
        </Link>
      </div>
      {items.length ? (
        <div className="mt-4">
          <ListingGrid listings={items} locale={locale} eagerFirst={items === topList} />
        </div>
      ) : (
        <p className="text-muted mt-3">{l('emptyTitle')}</p>
      )}
    </section>
  );

  return (
    <>
      <PageIntro
        wide
        title={t(`kinds.${kind}.heading`, { country: name })}
        intro={t(`kinds.${kind}.intro`, { country: name })}
        trail={
          <Breadcrumbs
            crumbs={[
              { name: common('home'), path: '' },
              { name: t(`kinds.${kind}.heading`, { country: name }), path: `${prefix}/${slug}` },
            ]}
            locale={locale}
            label={common('breadcrumb')}
          />
        }
      />
      <div className="container-page flex flex-col gap-12 py-10">
        {listSection(
          'parcels',
          t('parcelsTitle', { country: name }),
          parcels,
          t('seeAllParcels'),
          `/colis?toCountry=${country.code}`,
        )}
        {listSection(
          'trips',
          t('tripsTitle', { country: name }),
          trips,
          t('seeAllTrips'),
          `/trajets?toCountry=${country.code}`,
        )}

        <section className="grid gap-6 md:grid-cols-2">
          <div className="bg-secondary-light rounded-2xl p-6">
            <h2 className="text-secondary text-xl font-bold">{t('pricesTitle')}</h2>
            {prices.length ? (
              <>
                <p className="mt-2 text-sm">{t('pricesText')}</p>
                <ul className="mt-3 flex flex-col gap-1.5">
                  {prices.map((p) => (
                    <li key={`${p.kind}-${p.currency}`}>
                      {t('pricesRow', {
                        kind: p.kind === 'package' ? l('parcelsTitle') : l('tripsTitle'),
                        price: formatPrice(p.median, p.currency, locale),
                        count: p.count,
                      })}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-2">{t('noPrices')}</p>
            )}
          </div>
          <div className="rounded-2xl border border-neutral-200 p-6">
            <h2 className="text-secondary text-xl font-bold">{t('carryTitle')}</h2>
            <ul className="marker:text-primary mt-3 list-disc ps-6 leading-relaxed">
              {carry.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-neutral-200 p-6">
            <h2 className="text-secondary text-xl font-bold">{t('customsTitle')}</h2>
            <p className="mt-2 leading-relaxed">{t(`countries.${country.slug}.customs`)}</p>
          </div>
          <div className="rounded-2xl border border-neutral-200 p-6">
            <h2 className="text-secondary text-xl font-bold">{t('tipTitle')}</h2>
            <p className="mt-2 leading-relaxed">{t(`countries.${country.slug}.tip`)}</p>
          </div>
        </section>

        {routes.length ? (
          <nav aria-labelledby="busiest-routes">
            <h2 id="busiest-routes" className="text-secondary text-xl font-bold">
              {r('busiestTitle')}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {routes.map((route) => (
                <li key={`${route.from}-${route.to}`}>
                  <Link
                    href={href(routePagePath(route.fromSlug, route.toSlug))}
                    className="border-secondary/30 text-secondary hover:border-secondary inline-block rounded-full border px-4 py-2"
                  >
                    {l('route', { from: placeNameOf(route.from, locale), to: placeNameOf(route.to, locale) })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <nav aria-labelledby="other-countries">
          <h2 id="other-countries" className="text-secondary text-xl font-bold">
            {t('otherCountries')}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {countries
              .filter((other) => other.slug !== country.slug)
              .map((other) => (
                <li key={other.slug}>
                  <Link
                    href={href(`/${prefix}/${other.slug}`)}
                    className="border-secondary/30 text-secondary hover:border-secondary inline-block rounded-full border px-4 py-2"
                  >
                    {c(other.slug)}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      </div>
      <JoinDialog
        locale={locale}
        here={href(`/${prefix}/${slug}`)}
        text={(await getTranslations('Favourites'))('joinText')}
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          ...breadcrumbJsonLd([
            { name: common('home'), url: pageUrl(locale, '') },
            { name: t(`kinds.${kind}.heading`, { country: name }), url: pageUrl(locale, `${prefix}/${slug}`) },
          ]),
        }}
      />
    </>
  );
}

function placeNameOf(id: number, locale: Locale): string {
  const place = placeById(id);
  return place ? placeName(place, locale) : '';
}
