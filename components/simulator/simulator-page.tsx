import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/content/prose';
import { breadcrumbJsonLd, JsonLd } from '@/components/content/json-ld';
import { countries } from '@/lib/countries';
import { simulatorCurrencies } from '@/lib/domain';
import { formatNumber, formatPrice } from '@/lib/format';
import { formatLongDate } from '@/lib/dates';
import { localPath } from '@/lib/i18n/paths';
import { localePrefix, type Locale } from '@/lib/i18n/locales';
import { allPlaces, placeName } from '@/lib/places';
import { convert, referenceRates } from '@/lib/reference-rates';
import { listPath } from '@/lib/routes';
import type { PriceEstimate } from '@/lib/schemas/simulator';
import { defaultSimulatorCurrency, type PriceEstimateKey } from '@/lib/simulator-query';
import { defaultPerKg, roundingSteps } from '@/lib/server/public/price-estimate';
import { pageUrl } from '@/lib/seo';
import { SimulatorLoader } from './simulator-loader';
import { SimulatorView, type SimulatorProps } from './simulator-view';

export const simulatorPath = 'simulateur-prix';
export const simulatorResultPath = 'simulateur-prix/resultat';
const citiesList = 'simulator-cities';

/** The five largest cities of each served country, for the city fields' suggestions. */
function suggestedCities(locale: Locale): string[] {
  const names: string[] = [];
  for (const { code } of countries)
    names.push(
      ...allPlaces()
        .filter((place) => place.country === code)
        .slice(0, 5)
        .map((place) => placeName(place, locale)),
    );
  return [...new Set(names)];
}

/**
 * simulateur-prix and its result page: the form (a GET form, enhanced), the estimate when there is
 * one, and how it is calculated with the default table, complete in the first HTML.
 */
export async function SimulatorPage({
  locale,
  values,
  errors,
  result,
}: {
  locale: Locale;
  values: Partial<Record<PriceEstimateKey, string>>;
  errors: Record<string, string>;
  result: PriceEstimate | null;
}) {
  const t = await getTranslations('Simulator');
  const c = await getTranslations('Currencies');
  const e = await getTranslations('Errors');
  const common = await getTranslations('Common');
  const currency = defaultSimulatorCurrency(locale);
  const km = (value: number) => formatNumber(value, locale, 0);
  const price = (eur: number, step: number, round: (x: number) => number) =>
    formatPrice(round(convert(eur, 'EUR', currency) / step) * step, currency, locale);
  const step = roundingSteps[currency].perKg;
  const bands = defaultPerKg.map((band, i) => {
    const previous = defaultPerKg[i - 1]?.maxKm;
    const distance = !Number.isFinite(band.maxKm)
      ? t('bandBeyond', { km: km(previous ?? 0) })
      : previous === undefined
        ? t('bandUpTo', { km: km(band.maxKm) })
        : t('bandBetween', { from: km(previous), to: km(band.maxKm) });
    return {
      distance,
      price: t('perKgRange', { low: price(band.low, step, Math.floor), high: price(band.high, step, Math.ceil) }),
    };
  });

  const simulator: SimulatorProps = {
    action: localPath(locale, simulatorResultPath),
    tripsPath: localPath(locale, listPath('travel')),
    values: {
      weight: values.weight ?? '',
      from: values.from ?? '',
      to: values.to ?? '',
      distance: values.distance ?? '',
      currency: values.currency || currency,
    },
    errors,
    result,
    currencies: simulatorCurrencies.map((code) => ({ code, label: c(code) })),
    citiesList,
    texts: {
      formTitle: t('formTitle'),
      weightLabel: t('weightLabel'),
      fromLabel: t('fromLabel'),
      toLabel: t('toLabel'),
      cityPlaceholder: t('cityPlaceholder'),
      orDistance: t('orDistance'),
      distanceLabel: t('distanceLabel'),
      currencyLabel: t('currencyLabel'),
      submit: t('submit'),
      resultTitle: t('resultTitle'),
      emptyResult: t('emptyResult'),
      updating: t('updating'),
      guidanceTitle: t('guidanceTitle'),
      seeTrips: t('seeTrips'),
      network: e('NETWORK'),
    },
  };

  return (
    <>
      <PageIntro wide title={t('title')} intro={t('intro')} />
      <div className="container-page flex flex-col gap-10 py-8">
        <SimulatorLoader live={{ prefix: localePrefix(locale), ...simulator }}>
          <SimulatorView {...simulator} />
        </SimulatorLoader>
        <datalist id={citiesList}>
          {suggestedCities(locale).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <section aria-labelledby="method-title" className="grid gap-6 md:grid-cols-[3fr_2fr]">
          <div className="flex flex-col gap-3 leading-relaxed">
            <h2 id="method-title" className="text-secondary text-xl font-bold">
              {t('methodTitle')}
            </h2>
            <p>{t('method1')}</p>
            <p>{t('method2')}</p>
            <p>{t('method3')}</p>
          </div>
          <div>
            <table className="w-full border-collapse text-sm">
              <caption className="text-secondary mb-2 text-start text-base font-bold">{t('tableTitle')}</caption>
              <thead>
                <tr className="border-b border-neutral-300">
                  <th scope="col" className="py-2 text-start">
                    {t('tableDistance')}
                  </th>
                  <th scope="col" className="py-2 text-end">
                    {t('tablePrice')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {bands.map((band) => (
                  <tr key={band.distance} className="border-b border-neutral-200">
                    <th scope="row" className="py-2 text-start font-normal">
                      {band.distance}
                    </th>
                    <td className="py-2 text-end">{band.price}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-muted mt-2 text-sm">
              {t('rates', { date: formatLongDate(referenceRates.asOf, locale) })}
            </p>
          </div>
        </section>
      </div>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          ...breadcrumbJsonLd([
            { name: common('home'), url: pageUrl(locale, '') },
            { name: t('title'), url: pageUrl(locale, simulatorPath) },
          ]),
        }}
      />
    </>
  );
}
