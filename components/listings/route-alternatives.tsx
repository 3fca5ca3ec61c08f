import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ListingKind } from '@/lib/domain';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { placeName, placeSlug } from '@/lib/places';
import { listPath, routePagePath } from '@/lib/routes';
import { filtersToQuery, type ListingFilters } from '@/lib/schemas/listings';
import { resolvePlace } from '@/lib/server/listings/listings';

/**
 * A filtered list that found nothing (the home search's answers among them): the same search the
 * other way, on every date, and the route page when both cities are known.
 */
export async function RouteAlternatives({
  kind,
  locale,
  filters,
}: {
  kind: ListingKind;
  locale: Locale;
  filters: ListingFilters;
}) {
  const t = await getTranslations('RouteSearch');
  const base = localPath(locale, listPath(kind));
  const reversed = {
    ...filters,
    cursor: undefined,
    from: filters.to,
    to: filters.from,
    fromCountry: filters.toCountry,
    toCountry: filters.fromCountry,
  };
  const from = filters.from ? resolvePlace(filters.from, filters.fromCountry) : undefined;
  const to = filters.to ? resolvePlace(filters.to, filters.toCountry) : undefined;
  const name = (text: string | undefined, place: typeof from) => (place ? placeName(place, locale) : (text ?? ''));
  const links: { href: string; text: string }[] = [];
  if (filters.from || filters.to)
    links.push({
      href: `${base}${filtersToQuery(reversed)}`,
      text: t('otherDirection', { from: name(filters.to, to), to: name(filters.from, from) }),
    });
  if (filters.after || filters.before)
    links.push({
      href: `${base}${filtersToQuery({ ...filters, cursor: undefined, after: undefined, before: undefined })}`,
      text: t('allDates'),
    });
  if (from && to && from.id !== to.id)
    links.push({
      href: localPath(locale, routePagePath(placeSlug(from), placeSlug(to))),
      text: t('routePage', { from: placeName(from, locale), to: placeName(to, locale) }),
    });
  if (!links.length) return null;
  return (
    <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} className="text-secondary font-semibold underline">
            {link.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}
