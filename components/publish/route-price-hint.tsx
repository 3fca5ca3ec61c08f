'use client';
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { apiFetch } from '@/lib/client/api';
import { isLocale } from '@/lib/i18n/locales';
import { formatNumber, formatPrice } from '@/lib/intl-format';
import type { RoutePrices } from '@/lib/schemas/routes';
import type { PickedPlace } from '@/lib/schemas/publish';

/**
 * The prices people ask on the route, as soon as both cities are picked: the median and the range
 * per kilo of its route page (GET /route-prices), where the member sets theirs.
 */
export function RoutePriceHint({
  from,
  to,
  locale,
  networkMessage,
}: {
  from: PickedPlace | null;
  to: PickedPlace | null;
  locale: string;
  networkMessage: string;
}) {
  const t = useTranslations('RoutePrices');
  const [answer, setAnswer] = useState<{ key: string; prices: RoutePrices } | null>(null);
  const key = from && to ? `${from.placeId}-${to.placeId}` : '';

  useEffect(() => {
    if (!from || !to) return;
    let cancelled = false;
    apiFetch<RoutePrices>(`route-prices?from=${from.placeId}&to=${to.placeId}`, { locale, networkMessage })
      .then((prices) => {
        if (!cancelled) setAnswer({ key: `${from.placeId}-${to.placeId}`, prices });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [from, to, locale, networkMessage]);

  if (!key || answer?.key !== key || !isLocale(locale)) return null;
  const { prices, windowDays } = answer.prices;
  const names = { from: answer.prices.from.name, to: answer.prices.to.name };
  const price = (amount: number, currency: string) => formatPrice(amount, currency, locale);
  return (
    <div role="status" className="bg-secondary-light mt-4 rounded-xl px-4 py-3 text-sm">
      {prices.length ? (
        <>
          <p className="text-secondary font-bold">{t('title')}</p>
          <ul className="mt-1 flex flex-col gap-0.5 font-semibold">
            {prices.map((row) => (
              <li key={row.currency}>
                {t('row', {
                  price: price(row.median, row.currency),
                  low: price(row.low, row.currency),
                  high: price(row.high, row.currency),
                  count: row.count,
                })}
              </li>
            ))}
          </ul>
          <p className="text-muted mt-1">{t('window', { ...names, window: formatNumber(windowDays, locale, 0) })}</p>
        </>
      ) : (
        <p>{t('none', names)}</p>
      )}
    </div>
  );
}
