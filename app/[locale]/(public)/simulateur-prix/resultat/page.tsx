import { SimulatorPage, simulatorPath } from '@/components/simulator/simulator-page';
import { AppError } from '@/lib/errors';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { getValidationText } from '@/lib/i18n/validation';
import { priceEstimateQuerySchema, type PriceEstimate } from '@/lib/schemas/simulator';
import { defaultSimulatorCurrency, priceEstimateKeys } from '@/lib/simulator-query';
import { cachedRouteSamples } from '@/lib/server/public/cached';
import { estimatePrice } from '@/lib/server/public/simulator';

// A result of the simulator (/{lang}/simulateur-prix/resultat?weight=5&from=Paris&to=Tunis&currency=EUR):
// what the GET form shows without JavaScript, and the URL a result is shared at. Rendered per request
// from cached route prices; its canonical page is the bare simulator.
type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = contentMetadata('Simulator', simulatorPath);

export default async function SimulatorResultPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const query = await searchParams;
  const values = Object.fromEntries(
    priceEstimateKeys.map((key) => {
      const value = query[key];
      return [key, (Array.isArray(value) ? value[0] : value) ?? ''];
    }),
  ) as Record<(typeof priceEstimateKeys)[number], string>;
  // No currency in the URL: the page's own (the form shows it selected).
  values.currency ||= defaultSimulatorCurrency(locale);
  const translate = await getValidationText();
  const errors: Record<string, string> = {};
  let result: PriceEstimate | null = null;
  const parsed = priceEstimateQuerySchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'weight')] ??= translate(issue.message);
  } else {
    try {
      result = await estimatePrice(parsed.data, locale, cachedRouteSamples);
    } catch (error) {
      if (!(error instanceof AppError) || !error.fields) throw error;
      for (const [field, key] of Object.entries(error.fields)) errors[field] = translate(key);
    }
  }
  return <SimulatorPage locale={locale} values={values} errors={errors} result={result} />;
}
