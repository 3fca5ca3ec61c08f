import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/content/prose';
import { AppBadges } from '@/components/layout/app-badges';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('MobileApp', 'app-mobile');

type Feature = { title: string; text: string };

export default async function MobileAppPage({ params }: LocaleParams) {
  await pageLocale(params);
  const t = await getTranslations('MobileApp');
  const features = t.raw('features') as Feature[];
  const steps = t.raw('steps') as string[];
  return (
    <>
      <PageIntro wide title={t('title')} intro={t('intro')}>
        <h2 className="text-secondary mt-6 text-lg font-bold">{t('badgesTitle')}</h2>
        <AppBadges className="mt-3" />
        <p className="text-muted mt-3 text-sm">{t('free')}</p>
      </PageIntro>
      <div className="container-page flex flex-col gap-12 py-10">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((f) => (
            <li key={f.title} className="rounded-2xl border border-neutral-200 p-5">
              <h2 className="text-secondary font-bold">{f.title}</h2>
              <p className="mt-2 text-sm leading-relaxed">{f.text}</p>
            </li>
          ))}
        </ul>
        <section>
          <h2 className="text-secondary text-2xl font-bold">{t('stepsTitle')}</h2>
          <ol className="mt-4 grid gap-4 md:grid-cols-3">
            {steps.map((step, i) => (
              <li key={step} className="bg-secondary-light flex items-center gap-3 rounded-2xl p-5">
                <span aria-hidden="true" className="text-primary-dark text-3xl font-extrabold">
                  {i + 1}
                </span>
                <span className="font-medium">{step}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
