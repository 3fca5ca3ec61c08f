import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/content/json-ld';
import { AppBadges } from '@/components/layout/app-badges';
import { ArrowIcon, CheckIcon } from '@/components/ui/icons';
import { countries } from '@/lib/countries';
import { isBuilt } from '@/lib/routes';
import { contentMetadata } from '@/lib/i18n/metadata';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { siteUrl } from '@/lib/env';
import { noParamsAtBuild } from '@/lib/i18n/static-params';
import { cachedListings } from '@/lib/server/public/cached';
import { ListingGrid } from '@/components/listings/listing-card';
import { JoinDialog } from '@/components/listings/join-dialog';
import { RouteSearch } from '@/components/home/route-search';

export const generateMetadata = contentMetadata('Home', '');
// The latest listings come from the database: rendered at the first request, then cached until a
// listing changes.
export const generateStaticParams = noParamsAtBuild;
export const revalidate = 3600;

type Step = { title: string; text: string };

export default async function HomePage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Home');
  const c = await getTranslations('Countries');
  const m = await getTranslations('Metadata');
  const l = await getTranslations('Listings');
  const [latestParcels, latestTrips] = await Promise.all([
    cachedListings('package', { sort: 'recent', limit: 6 }),
    cachedListings('travel', { sort: 'recent', limit: 6 }),
  ]);
  const latest = [
    { id: 'latest-parcels', title: l('latestParcels'), more: l('seeMoreParcels'), path: '/colis', page: latestParcels },
    { id: 'latest-trips', title: l('latestTrips'), more: l('seeMoreTrips'), path: '/trajets', page: latestTrips },
  ];
  const href = (path: string) => localPath(locale, path);
  const steps = t.raw('howSteps') as Step[];
  const points = t.raw('commissionPoints') as string[];
  const button = 'inline-flex items-center gap-2 rounded-full px-6 py-3 font-semibold';

  return (
    <>
      <section className="from-secondary-light bg-gradient-to-b to-white">
        <div className="container-page grid gap-8 py-10 md:grid-cols-[1.3fr_1fr] md:items-start md:py-16">
          <div>
            <h1 className="text-secondary text-4xl leading-tight font-extrabold md:text-5xl">{t('heroTitle')}</h1>
            <p className="text-ink/85 mt-5 max-w-xl text-lg">{t('heroText')}</p>
            <div className="mt-6">
              <RouteSearch locale={locale} />
            </div>
            <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
              <Link
                href={href('/trajets')}
                className="text-secondary inline-flex items-center gap-2 font-semibold underline"
              >
                {t('heroParcels')}
                <ArrowIcon className="size-4" />
              </Link>
              <Link
                href={href('/colis')}
                className="text-secondary inline-flex items-center gap-2 font-semibold underline"
              >
                {t('heroTrips')}
                <ArrowIcon className="size-4" />
              </Link>
            </p>
          </div>
          <div className="bg-secondary rounded-3xl p-6 text-white shadow-xl md:p-8">
            <p className="text-lg font-bold">{t('heroApp')}</p>
            <AppBadges className="mt-4" />
            <ul className="mt-6 flex flex-col gap-2 text-sm">
              {points.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <CheckIcon className="text-primary size-5 shrink-0" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      {latest.map((section) =>
        section.page.items.length ? (
          <section key={section.id} className="container-page pt-14" aria-labelledby={section.id}>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id={section.id} className="text-secondary text-3xl font-bold">
                {section.title}
              </h2>
              <Link
                href={href(section.path)}
                className="text-secondary inline-flex items-center gap-2 font-semibold underline"
              >
                {section.more}
                <ArrowIcon className="size-4" />
              </Link>
            </div>
            <div className="mt-6">
              <ListingGrid listings={section.page.items} locale={locale} />
            </div>
          </section>
        ) : null,
      )}

      <section className="container-page below-fold py-14" aria-labelledby="how">
        <h2 id="how" className="text-secondary text-3xl font-bold">
          {t('howTitle')}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-neutral-200 p-6">
              <span
                aria-hidden="true"
                className="bg-primary text-ink flex size-10 items-center justify-center rounded-full font-bold"
              >
                {i + 1}
              </span>
              <h3 className="text-secondary mt-4 text-xl font-bold">{step.title}</h3>
              <p className="mt-2 leading-relaxed">{step.text}</p>
            </li>
          ))}
        </ol>
        <Link
          href={href('/comment-ca-marche')}
          className="text-secondary mt-6 inline-flex items-center gap-2 font-semibold underline"
        >
          {t('howMore')}
          <ArrowIcon className="size-4" />
        </Link>
      </section>

      <section className="bg-primary-light below-fold">
        <div className={`container-page grid gap-8 py-14 ${isBuilt('simulateur-prix') ? 'md:grid-cols-2' : ''}`}>
          <div>
            <h2 className="text-secondary text-3xl font-bold">{t('commissionTitle')}</h2>
            <p className="mt-4 text-lg leading-relaxed">{t('commissionText')}</p>
          </div>
          {isBuilt('simulateur-prix') ? (
            <div className="rounded-2xl bg-white p-6 shadow-sm">
              <h2 className="text-secondary text-2xl font-bold">{t('simulatorTitle')}</h2>
              <p className="mt-3 leading-relaxed">{t('simulatorText')}</p>
              <Link
                href={href('/simulateur-prix')}
                className={`${button} bg-primary text-ink hover:bg-primary/85 mt-5`}
              >
                {t('simulatorCta')}
                <ArrowIcon className="size-5" />
              </Link>
            </div>
          ) : null}
        </div>
      </section>

      <section className="container-page below-fold py-14" aria-labelledby="countries">
        <h2 id="countries" className="text-secondary text-3xl font-bold">
          {t('countriesTitle')}
        </h2>
        <p className="mt-3 max-w-2xl text-lg">{t('countriesText')}</p>
        <ul className="mt-6 flex flex-wrap gap-3">
          {countries.map((country) => (
            <li key={country.slug}>
              <Link
                href={href(`/envoyer-colis/${country.slug}`)}
                className="border-secondary/30 bg-secondary-light text-secondary hover:border-secondary inline-block rounded-full border px-4 py-2 font-medium"
              >
                {c(country.slug)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <JoinDialog locale={locale} here={href('/')} text={(await getTranslations('Favourites'))('joinText')} />

      <section className="container-page below-fold pb-14">
        <div className="bg-secondary grid gap-6 rounded-3xl p-8 text-white md:grid-cols-2 md:p-12">
          <div>
            <h2 className="text-3xl font-bold">{t('carrierTitle')}</h2>
            <p className="mt-3 text-lg text-white/90">{t('carrierText')}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link
                href={href('/devenez-transporteur')}
                className={`${button} bg-primary text-ink hover:bg-primary/85`}
              >
                {t('carrierCta')}
              </Link>
              <Link
                href={href('/comparatif-colibri-vs-transporteurs')}
                className={`${button} border border-white/60 hover:bg-white/10`}
              >
                {t('compareCta')}
              </Link>
            </div>
          </div>
          <div>
            <h2 className="text-2xl font-bold">{t('appTitle')}</h2>
            <p className="mt-3 text-white/90">{t('appText')}</p>
            <AppBadges className="mt-5" />
            <Link href={href('/app-mobile')} className="mt-4 inline-flex items-center gap-2 font-semibold underline">
              {t('appCta')}
              <ArrowIcon className="size-4" />
            </Link>
          </div>
        </div>
      </section>

      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@graph': [
            {
              '@type': 'Organization',
              '@id': `${siteUrl}/#organization`,
              name: m('siteName'),
              url: siteUrl,
              logo: `${siteUrl}/icon.svg`,
              email: 'contact@colibri.tn',
            },
            {
              '@type': 'WebSite',
              '@id': `${siteUrl}/#website`,
              name: m('siteName'),
              url: siteUrl + href('/'),
              inLanguage: locale,
              publisher: { '@id': `${siteUrl}/#organization` },
            },
          ],
        }}
      />
    </>
  );
}
