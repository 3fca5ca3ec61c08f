import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formatLongDate } from '@/lib/dates';
import { formatNumber, searchEndName } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { listPath } from '@/lib/routes';
import type { Alert } from '@/lib/schemas/member';
import type { AlertView } from './settings-actions';

/** Route alerts as the settings list them, in the page's language. */
export async function alertViews(alerts: Alert[], locale: Locale): Promise<AlertView[]> {
  const t = await getTranslations('Alerts');
  const l = await getTranslations('Listings');
  const c = await getTranslations('Countries');
  const place = (placeId: number | null, country: string | null) =>
    searchEndName({ placeId, country }, locale, c, t('anywhere'));
  return alerts.map((alert) => {
    const { criteria } = alert;
    const details = [
      criteria.after ? t('after', { date: formatLongDate(criteria.after, locale) }) : null,
      criteria.before ? t('before', { date: formatLongDate(criteria.before, locale) }) : null,
      criteria.maxPrice !== null ? t('maxPrice', { price: formatNumber(criteria.maxPrice, locale, 3) }) : null,
      criteria.minWeight !== null ? t('minWeight', { weight: formatNumber(criteria.minWeight, locale) }) : null,
      criteria.maxWeight !== null ? t('maxWeight', { weight: formatNumber(criteria.maxWeight, locale) }) : null,
      criteria.type ? l(`travelTypes.${criteria.type}`) : null,
    ].filter(Boolean);
    return {
      id: alert.id,
      kind: alert.kind === 'package' ? t('kindPackage') : t('kindTravel'),
      title: l('route', {
        from: place(criteria.fromPlaceId, criteria.fromCountry),
        to: place(criteria.toPlaceId, criteria.toCountry),
      }),
      details: details.join(' · '),
      href: localPath(locale, listPath(alert.kind)) + alert.query,
      lastSent: alert.lastSentAt ? t('lastSent', { date: formatLongDate(alert.lastSentAt, locale) }) : t('neverSent'),
    };
  });
}
