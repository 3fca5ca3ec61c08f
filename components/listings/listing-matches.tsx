import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatLongDate } from '@/lib/dates';
import { cityName, countryName, formatNumber, formatPrice } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { listingPath, listPath } from '@/lib/routes';
import type { ListingSummary } from '@/lib/schemas/listings';
import { cachedMatches } from '@/lib/server/public/cached';

/**
 * On a listing's page: the other kind's open listings on its route around its dates
 * (lib/server/listings/matches.ts), as compact cards, and the whole filtered list.
 */
export async function ListingMatches({ listing, locale }: { listing: ListingSummary; locale: Locale }) {
  const matches = await cachedMatches(listing);
  const t = await getTranslations({ locale, namespace: 'Matches' });
  const l = await getTranslations({ locale, namespace: 'Listings' });
  const c = await getTranslations({ locale, namespace: 'Countries' });
  const trips = matches.kind === 'travel';
  const noon = (day: string) => `${day}T12:00:00Z`;
  const all = `${localPath(locale, listPath(matches.kind))}?${new URLSearchParams(matches.filters as Record<string, string>)}`;
  const countries = {
    from: countryName(listing.from.country, locale, c),
    to: countryName(listing.to.country, locale, c),
  };
  return (
    <section aria-labelledby="matches-title" className="container-page pb-12" data-matches>
      <h2 id="matches-title" className="text-secondary text-2xl font-extrabold">
        {trips ? t('tripsTitle') : t('parcelsTitle')}
      </h2>
      <p className="text-muted mt-1 text-sm">
        {t('intro', {
          after: formatLongDate(noon(matches.filters.after!), locale),
          before: formatLongDate(noon(matches.filters.before!), locale),
        })}
      </p>
      {matches.items.length ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {matches.items.map((match) => (
            <li key={match.id}>
              <Link
                href={localPath(locale, listingPath(match))}
                className="hover:border-secondary flex h-full flex-col gap-1 rounded-xl border border-neutral-200 bg-white p-3"
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-bold">
                    {l('route', { from: cityName(match.from, locale), to: cityName(match.to, locale) })}
                  </span>
                  <span className="text-secondary shrink-0 font-extrabold">
                    {l('perKg', { price: formatPrice(match.pricePerKg, match.currency, locale) })}
                  </span>
                </span>
                <span className="text-sm">
                  <time dateTime={match.startedAt}>{formatLongDate(match.startedAt, locale)}</time>
                  {match.travelType ? ` · ${l(`travelTypes.${match.travelType}`)}` : null}
                  {match.weightKg !== null
                    ? ` · ${l('weight', { weight: formatNumber(match.weightKg, locale) })}`
                    : null}
                </span>
                <span className="text-muted text-sm">
                  <bdi>{match.owner.firstname}</bdi>
                  {match.name ? (
                    <>
                      {' '}
                      · <bdi className="line-clamp-1 inline">{match.name}</bdi>
                    </>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{trips ? t('emptyTrips') : t('emptyParcels')}</p>
      )}
      <p className="mt-4">
        <Link href={all} className="text-secondary font-semibold underline">
          {trips ? t('allTrips', countries) : t('allParcels', countries)}
        </Link>
      </p>
    </section>
  );
}
