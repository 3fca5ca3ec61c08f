import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatLongDate } from '@/lib/dates';
import { cityName, countryName, formatNumber, formatPrice } from '@/lib/format';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/locales';
import type { ListingSummary } from '@/lib/server/listings';
import { ArrowIcon, CheckIcon } from '@/components/ui/icons';

export function listingPath(listing: { kind: 'package' | 'travel'; id: string }): string {
  return listing.kind === 'package' ? `/colis/${listing.id}` : `/trajet/${listing.id}`;
}

const statusTone: Record<string, string> = {
  upcoming: 'bg-secondary-light text-secondary',
  active: 'bg-green-100 text-green-900',
  in_transit: 'bg-primary-light text-primary-dark',
  finished: 'bg-neutral-200 text-neutral-800',
  expired: 'bg-red-100 text-red-900',
};

export async function StatusBadge({ listing }: { listing: Pick<ListingSummary, 'kind' | 'status'> }) {
  const t = await getTranslations('Listings');
  const label = listing.kind === 'package' ? t(`packageStatus.${listing.status}`) : t(`travelStatus.${listing.status}`);
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[listing.status]}`}>{label}</span>;
}

/** One listing in a list: route, dates, weight or means of transport, price, owner. */
export async function ListingCard({ listing, locale }: { listing: ListingSummary; locale: Locale }) {
  const t = await getTranslations('Listings');
  const c = await getTranslations('Countries');
  const from = cityName(listing.from, locale);
  const to = cityName(listing.to, locale);
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-4 transition hover:border-secondary hover:shadow-md">
      {listing.cover ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own resized webp, sized below
        <img
          src={`/uploads/${listing.cover}?w=600`}
          alt=""
          width={600}
          height={450}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full rounded-xl bg-neutral-100 object-cover"
        />
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <StatusBadge listing={listing} />
        <p className="text-lg font-extrabold text-secondary">{t('perKg', { price: formatPrice(listing.pricePerKg, listing.currency, locale) })}</p>
      </div>
      <h3 className="flex flex-wrap items-center gap-1.5 text-lg font-bold">
        <Link href={getPathname({ locale, href: listingPath(listing) })} className="after:absolute after:inset-0 after:content-['']">
          {from}
          <ArrowIcon className="mx-1 inline size-4 text-primary-dark" aria-hidden="true" />
          {to}
        </Link>
      </h3>
      <p className="-mt-2 text-sm text-muted">
        {t('route', { from: countryName(listing.from.country, locale, c), to: countryName(listing.to.country, locale, c) })}
      </p>
      {listing.name ? <p className="line-clamp-2 text-sm">{listing.name}</p> : null}
      <dl className="mt-auto grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('departure')}</dt>
        <dd className="text-end font-medium">{formatLongDate(listing.startedAt, locale)}</dd>
        <dt className="text-muted">{listing.kind === 'package' ? t('arrivalBefore') : t('arrival')}</dt>
        <dd className="text-end font-medium">{formatLongDate(listing.endedAt, locale)}</dd>
        {listing.kind === 'package' && listing.weightKg !== null ? (
          <>
            <dt className="text-muted">{t('weightLabel')}</dt>
            <dd className="text-end font-medium">{t('weight', { weight: formatNumber(listing.weightKg, locale) })}</dd>
          </>
        ) : null}
        {listing.travelType ? (
          <>
            <dt className="text-muted">{t('type')}</dt>
            <dd className="text-end font-medium">{t(`travelTypes.${listing.travelType}`)}</dd>
          </>
        ) : null}
      </dl>
      <p className="flex items-center gap-2 border-t border-neutral-100 pt-2 text-sm">
        <span className="font-semibold">
          <bdi>{listing.owner.firstname}</bdi>
        </span>
        {listing.owner.rating !== null ? (
          <span className="text-muted">
            ★ {formatNumber(listing.owner.rating, locale)} · {t('reviews', { count: listing.owner.reviewCount })}
          </span>
        ) : (
          <span className="text-muted">{t('noRating')}</span>
        )}
        {listing.owner.verified.phone ? (
          <span className="ms-auto flex items-center gap-1 text-xs text-green-800" title={t('verifiedPhone')}>
            <CheckIcon className="size-4" />
            <span className="sr-only">{t('verifiedPhone')}</span>
          </span>
        ) : null}
      </p>
    </article>
  );
}

export function ListingGrid({ children }: { children: React.ReactNode }) {
  return <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}
