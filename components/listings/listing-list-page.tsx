import Link from 'next/link';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { breadcrumbJsonLd, JsonLd } from '@/components/content/json-ld';
import { PageIntro } from '@/components/content/prose';
import { AppBadges } from '@/components/layout/app-badges';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { getValidationText } from '@/lib/i18n/validation';
import { otherKind, type ListingKind } from '@/lib/domain';
import { listingPath, listPath } from '@/lib/routes';
import { filtersToQuery, listingFiltersSchema } from '@/lib/schemas/listings';
import { AppError } from '@/lib/errors';
import { cachedListings } from '@/lib/server/public/cached';
import { pageUrl } from '@/lib/seo';
import { ListingGrid } from './listing-card';
import { ListingFilters, type RawFilters } from './listing-filters';
import { JoinDialog } from './join-dialog';
import { RouteAlternatives } from './route-alternatives';

/** Keeps the first value of each query parameter, as strings. */
export function rawFilters(searchParams: Record<string, string | string[] | undefined>): RawFilters {
  return Object.fromEntries(
    Object.entries(searchParams).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
}

/** colis and trajets: filters, results, pagination and a useful empty state, complete in the first HTML. */
export async function ListingListPage({
  kind,
  locale,
  raw,
  actions,
}: {
  kind: ListingKind;
  locale: Locale;
  raw: RawFilters;
  /** Shown under the filters (a filtered list's "alert me"). */
  actions?: ReactNode;
}) {
  const t = await getTranslations('Listings');
  const validationText = await getValidationText();
  const common = await getTranslations('Common');
  const parsed = listingFiltersSchema.safeParse(raw);
  const errors: Record<string, string> = {};
  let page: Awaited<ReturnType<typeof cachedListings>> | null = null;

  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= validationText(issue.message);
  } else {
    try {
      page = await cachedListings(kind, parsed.data);
    } catch (error) {
      if (!(error instanceof AppError) || !error.fields) throw error;
      for (const [field, key] of Object.entries(error.fields)) errors[field] = validationText(key);
    }
  }

  const filters = parsed.success ? parsed.data : {};
  const title = kind === 'package' ? t('parcelsTitle') : t('tripsTitle');
  const base = localPath(locale, listPath(kind));
  return (
    <>
      <PageIntro wide title={title} intro={kind === 'package' ? t('parcelsIntro') : t('tripsIntro')} />
      <div className="container-page flex flex-col gap-6 py-8">
        <ListingFilters kind={kind} locale={locale} values={raw} errors={errors} />
        {actions && !Object.keys(errors).length ? actions : null}
        {Object.keys(errors).length ? (
          <p role="alert" className="rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
            {t('filterError', { message: Object.values(errors).join(' ') })}
          </p>
        ) : null}
        {page && page.items.length ? (
          <section aria-labelledby="results-title">
            {/* The filters' heading is folded away on a phone: the results keep the outline in order. */}
            <h2 id="results-title" className="sr-only">
              {t('results')}
            </h2>
            <ListingGrid listings={page.items} locale={locale} eagerFirst />
            <nav aria-label={t('pagination')} className="mt-6 flex flex-wrap items-center justify-between gap-3">
              {filters.cursor ? (
                <Link
                  href={`${base}${filtersToQuery({ ...filters, cursor: undefined })}`}
                  className="text-secondary font-semibold underline"
                >
                  {t('firstPage')}
                </Link>
              ) : (
                <span />
              )}
              {page.nextCursor ? (
                <Link
                  href={`${base}${filtersToQuery({ ...filters, cursor: page.nextCursor })}`}
                  rel="next"
                  className="bg-secondary hover:bg-secondary-dark rounded-full px-5 py-2.5 font-semibold text-white"
                >
                  {t('nextPage')}
                </Link>
              ) : null}
            </nav>
          </section>
        ) : page ? (
          <section className="rounded-2xl border border-dashed border-neutral-300 p-8 text-center">
            <h2 className="text-secondary text-xl font-bold">{t('emptyTitle')}</h2>
            <p className="text-muted mx-auto mt-2 max-w-xl">{t('emptyText')}</p>
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              <a href={base} className="border-secondary text-secondary rounded-full border px-5 py-2.5 font-semibold">
                {t('reset')}
              </a>
              <Link
                href={localPath(locale, listPath(otherKind(kind)))}
                className="bg-secondary rounded-full px-5 py-2.5 font-semibold text-white"
              >
                {kind === 'package' ? t('emptyParcelsOther') : t('emptyTripsOther')}
              </Link>
            </div>
            <RouteAlternatives kind={kind} locale={locale} filters={filters} />
            <p className="mx-auto mt-6 max-w-xl text-sm">{t('emptyPublish')}</p>
            <AppBadges className="mt-3 justify-center" />
          </section>
        ) : null}
      </div>
      <JoinDialog locale={locale} here={base} text={(await getTranslations('Favourites'))('joinText')} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@graph': [
            breadcrumbJsonLd([
              { name: common('home'), url: pageUrl(locale, '') },
              { name: title, url: pageUrl(locale, listPath(kind)) },
            ]),
            ...(page?.items.length
              ? [
                  {
                    '@type': 'ItemList',
                    itemListElement: page.items.map((listing, i) => ({
                      '@type': 'ListItem',
                      position: i + 1,
                      url: pageUrl(locale, listingPath(listing)),
                    })),
                  },
                ]
              : []),
          ],
        }}
      />
    </>
  );
}
