import { getTranslations } from 'next-intl/server';
import { DateInput } from '@/components/forms/date-input';
import { Bar, DailyChart, RankedTable } from '@/components/statistics/charts';
import { deviceClasses, webVitals, type DeviceClass, type WebVital } from '@/lib/domain';
import { isLocale, languageName, type Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';
import { formatIsoDay, formatIsoDayShort } from '@/lib/intl-dates';
import { formatNumber } from '@/lib/intl-format';
import { apiBasePath, listingPath } from '@/lib/routes';
import { statisticsQuerySchema } from '@/lib/schemas/traffic';
import { statistics } from '@/lib/server/traffic/statistics';

export const generateMetadata = memberMetadata('Statistics.title');

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The "good" and "poor" thresholds of each Web Vital (web.dev), as the Chrome UX Report rates them. */
const thresholds: Record<WebVital, [good: number, poor: number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
  ttfb: [800, 1800],
};
const ratingClass = {
  good: 'bg-green-100 text-green-900',
  needsImprovement: 'bg-amber-100 text-amber-900',
  poor: 'bg-red-100 text-red-900',
} as const;

const card = 'rounded-2xl border border-neutral-200 bg-white p-5';

// statistiques: where visitors come from and what they do, counted without cookies (lib/server/traffic/),
// for a range of days; staff only (the layout), noindex.
export default async function StatisticsPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Statistics');
  const query = await searchParams;
  const one = (value: string | string[] | undefined) => (typeof value === 'string' && value ? value : undefined);
  const parsed = statisticsQuerySchema.safeParse({ from: one(query.from), to: one(query.to) });
  const stats = await statistics(parsed.success ? parsed.data : {}, locale);
  const number = (value: number) => formatNumber(value, locale, 0);
  const day = (value: string) => formatIsoDay(value, locale);
  const total = (key: 'visitors' | 'views') => stats.days.reduce((sum, d) => sum + d[key], 0);
  const led = (key: 'signUps' | 'listings') => stats.campaigns.reduce((sum, c) => sum + c[key], 0);
  const exportHref = `${apiBasePath}/statistics/export?${new URLSearchParams({ from: stats.from, to: stats.to })}`;
  const figures = (row: { visitors: number; views: number }) => [
    { value: row.views, text: number(row.views) },
    { value: row.visitors, text: number(row.visitors) },
  ];
  const columns = (first: string) => [first, t('views'), t('visitors')];
  const deviceName = (value: string) =>
    (deviceClasses as readonly string[]).includes(value) ? t(`devices.${value as DeviceClass}`) : value;
  const languageOf = (value: string) => (isLocale(value) ? languageName(value as Locale) : value);
  const campaignName = (c: { source: string | null; medium: string | null; campaign: string | null }) =>
    c.source === null && c.medium === null && c.campaign === null
      ? t('noCampaign')
      : [c.source, c.medium, c.campaign].map((tag) => tag ?? '–').join(' / ');
  const summary = [
    [t('visitors'), total('visitors')],
    [t('views'), total('views')],
    [t('signUps'), led('signUps')],
    [t('listingsPublished'), led('listings')],
  ] as const;
  const maxCampaignViews = Math.max(0, ...stats.campaigns.map((c) => c.views));

  return (
    <div className="container-page py-10">
      <h1 className="text-secondary text-3xl font-extrabold">{t('title')}</h1>
      <p className="text-muted mt-1 max-w-3xl">{t('intro')}</p>

      <form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        {(['from', 'to'] as const).map((side) => (
          <label key={side} className="flex flex-col gap-1.5 text-sm font-semibold">
            {t(side)}
            <DateInput
              name={side}
              defaultValue={stats[side]}
              min="2020-01-01"
              max="2099-12-31"
              placeholder={t('chooseDate')}
              className="focus:border-secondary min-h-11 w-56 rounded-lg border border-neutral-300 bg-white px-3 font-normal"
            />
          </label>
        ))}
        <button
          type="submit"
          className="bg-secondary hover:bg-secondary-dark min-h-11 rounded-full px-6 font-semibold text-white"
        >
          {t('show')}
        </button>
        <a
          href={exportHref}
          download
          className="border-secondary text-secondary hover:bg-secondary-light inline-flex min-h-11 items-center rounded-full border px-5 font-semibold"
        >
          {t('csv')}
        </a>
      </form>
      {!parsed.success ? <p className="mt-2 text-sm text-red-700">{t('badRange')}</p> : null}

      <p className="mt-6 font-semibold">{t('range', { from: day(stats.from), to: day(stats.to) })}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {summary.map(([label, value]) => (
          <div key={label} className={card}>
            <dt className="text-muted text-sm">{label}</dt>
            <dd className="text-secondary mt-1 text-2xl font-extrabold tabular-nums">{number(value)}</dd>
          </div>
        ))}
      </dl>

      <section className={`${card} mt-6`} aria-labelledby="per-day">
        <h2 id="per-day" className="text-secondary text-lg font-bold">
          {t('perDay')}
        </h2>
        <div className="mt-3">
          <DailyChart
            days={stats.days}
            label={t('chartLabel', {
              from: day(stats.from),
              to: day(stats.to),
              visitors: number(total('visitors')),
              views: number(total('views')),
            })}
            dayLabel={(value) => formatIsoDayShort(value, locale)}
            legend={{ views: t('views'), visitors: t('visitors') }}
            format={number}
          />
        </div>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <RankedTable
          title={t('pages')}
          columns={columns(t('page'))}
          empty={t('empty')}
          rows={stats.top.page.map((row) => ({
            key: row.value,
            label: <bdi dir="ltr">{row.value}</bdi>,
            figures: figures(row),
          }))}
        />
        <RankedTable
          title={t('listings')}
          columns={columns(t('listing'))}
          empty={t('empty')}
          rows={stats.listings.map((row) => ({
            key: `${row.kind}:${row.id}`,
            label: (
              <a href={localPath(locale, listingPath(row))} className="text-secondary font-semibold underline">
                <bdi>{row.title}</bdi>
              </a>
            ),
            figures: figures(row),
          }))}
        />
        <RankedTable
          title={t('referrers')}
          columns={columns(t('referrer'))}
          empty={t('noReferrer')}
          rows={stats.top.referrer.map((row) => ({
            key: row.value,
            label: <bdi dir="ltr">{row.value}</bdi>,
            figures: figures(row),
          }))}
        />
        <div className="grid gap-6">
          <RankedTable
            title={t('deviceTitle')}
            columns={columns(t('device'))}
            empty={t('empty')}
            rows={stats.top.device.map((row) => ({
              key: row.value,
              label: deviceName(row.value),
              figures: figures(row),
            }))}
          />
          <RankedTable
            title={t('languages')}
            columns={columns(t('language'))}
            empty={t('empty')}
            rows={stats.top.locale.map((row) => ({
              key: row.value,
              label: <bdi>{languageOf(row.value)}</bdi>,
              figures: figures(row),
            }))}
          />
        </div>
      </div>

      <section className={`${card} mt-6`} aria-labelledby="campaigns">
        <h2 id="campaigns" className="text-secondary text-lg font-bold">
          {t('campaigns')}
        </h2>
        <p className="text-muted mt-1 text-sm">{t('campaignsIntro')}</p>
        {stats.campaigns.length ? (
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm">
              <thead>
                <tr className="text-muted">
                  <th scope="col" className="pb-2 text-start font-semibold">
                    {t('campaign', { tags: 'utm_source / utm_medium / utm_campaign' })}
                  </th>
                  {[t('views'), t('visitors'), t('signUps'), t('listingsPublished')].map((column) => (
                    <th key={column} scope="col" className="ps-3 pb-2 text-end font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {stats.campaigns.map((c) => (
                  <tr key={JSON.stringify([c.source, c.medium, c.campaign])} className="border-t border-neutral-100">
                    <th scope="row" className="py-2 pe-3 text-start font-normal wrap-anywhere">
                      <bdi dir="ltr">{campaignName(c)}</bdi>
                      <Bar value={c.views} max={maxCampaignViews} />
                    </th>
                    {[c.views, c.visitors, c.signUps, c.listings].map((value, i) => (
                      <td key={i} className="py-2 ps-3 text-end tabular-nums">
                        {number(value)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-muted mt-3 text-sm">{t('empty')}</p>
        )}
      </section>

      <section className={`${card} mt-6`} aria-labelledby="vitals">
        <h2 id="vitals" className="text-secondary text-lg font-bold">
          {t('vitals')}
        </h2>
        <p className="text-muted mt-1 text-sm">{t('vitalsIntro')}</p>
        {stats.vitals.length ? (
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm">
              <thead>
                <tr className="text-muted">
                  <th scope="col" className="pb-2 text-start font-semibold">
                    {t('template')}
                  </th>
                  <th scope="col" className="ps-3 pb-2 text-start font-semibold">
                    {t('device')}
                  </th>
                  <th scope="col" className="ps-3 pb-2 text-end font-semibold">
                    {t('samples')}
                  </th>
                  {webVitals.map((metric) => (
                    <th key={metric} scope="col" className="ps-3 pb-2 text-end font-semibold">
                      <abbr title={t(`vitalNames.${metric}`, { abbr: metric.toUpperCase() })}>
                        {metric.toUpperCase()}
                      </abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {stats.vitals.map((row) => (
                  <tr key={`${row.template} ${row.device}`} className="border-t border-neutral-100">
                    <th scope="row" className="py-2 pe-3 text-start font-normal">
                      <bdi dir="ltr">{row.template}</bdi>
                    </th>
                    <td className="py-2 ps-3">{deviceName(row.device)}</td>
                    <td className="py-2 ps-3 text-end tabular-nums">{number(row.samples)}</td>
                    {webVitals.map((metric) => {
                      const value = row[metric];
                      if (value === null)
                        return (
                          <td key={metric} className="py-2 ps-3 text-end">
                            –
                          </td>
                        );
                      const [good, poor] = thresholds[metric];
                      const rating = value <= good ? 'good' : value <= poor ? 'needsImprovement' : 'poor';
                      const text =
                        metric === 'cls'
                          ? formatNumber(value, locale, 2)
                          : t('ms', { value: formatNumber(Math.round(value), locale, 0) });
                      return (
                        <td key={metric} className="py-2 ps-3 text-end whitespace-nowrap">
                          <span
                            className={`rounded-full px-2 py-0.5 font-semibold tabular-nums ${ratingClass[rating]}`}
                          >
                            {text}
                          </span>
                          <span className="sr-only"> {t(`ratings.${rating}`)}</span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-muted mt-3 text-sm">{t('noVitals')}</p>
        )}
        <p className="mt-3 flex flex-wrap gap-3 text-xs">
          {(['good', 'needsImprovement', 'poor'] as const).map((rating) => (
            <span key={rating} className={`rounded-full px-2 py-0.5 font-semibold ${ratingClass[rating]}`}>
              {t(`ratings.${rating}`)}
            </span>
          ))}
        </p>
      </section>
    </div>
  );
}
