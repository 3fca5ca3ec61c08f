import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/content/prose';
import { AppBadges } from '@/components/layout/app-badges';
import { contentMetadata } from '@/lib/i18n/metadata';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('HowItWorks', 'comment-ca-marche');

type Step = { title: string; text: string };

export default async function HowItWorksPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('HowItWorks');
  const h = await getTranslations('Header');
  const steps = t.raw('steps') as Step[];
  return (
    <>
      <PageIntro title={t('title')} intro={t('intro')} />
      <div className="prose-page py-10">
        <ol className="flex flex-col gap-6">
          {steps.map((step, i) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="bg-primary text-ink flex size-10 shrink-0 items-center justify-center rounded-full text-lg font-bold"
              >
                {i + 1}
              </span>
              <div>
                <h2 className="text-secondary text-lg font-bold">{step.title}</h2>
                <p className="mt-1 leading-relaxed">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <section className="bg-secondary-light mt-12 rounded-2xl p-6">
          <h2 className="text-secondary text-xl font-bold">{t('outroTitle')}</h2>
          <p className="mt-2 leading-relaxed">{t('outro')}</p>
          <AppBadges className="mt-5" />
          <p className="mt-5">
            <Link href={localPath(locale, '/devenez-transporteur')} className="text-secondary font-semibold underline">
              {h('becomeCarrier')}
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
