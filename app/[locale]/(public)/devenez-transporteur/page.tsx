import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/content/json-ld';
import { PageIntro, QuestionList, faqJsonLd, type QuestionAnswer } from '@/components/content/prose';
import { AppBadges } from '@/components/layout/app-badges';
import { CheckIcon } from '@/components/ui/icons';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('BecomeCarrier', 'devenez-transporteur');

type Card = { title: string; text: string };

export default async function BecomeCarrierPage({ params }: LocaleParams) {
  await pageLocale(params);
  const t = await getTranslations('BecomeCarrier');
  const benefits = t.raw('benefits') as Card[];
  const steps = t.raw('steps') as Card[];
  const rules = t.raw('rules') as string[];
  const faq = t.raw('faq') as QuestionAnswer[];
  return (
    <>
      <PageIntro wide title={t('title')} intro={t('intro')} />
      <div className="container-page flex flex-col gap-14 py-10">
        <section>
          <h2 className="text-secondary text-2xl font-bold">{t('benefitsTitle')}</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map((b) => (
              <li key={b.title} className="rounded-2xl border border-neutral-200 p-5">
                <h3 className="text-secondary font-bold">{b.title}</h3>
                <p className="mt-2 text-sm leading-relaxed">{b.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="text-secondary text-2xl font-bold">{t('stepsTitle')}</h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((s, i) => (
              <li key={s.title} className="bg-secondary-light rounded-2xl p-5">
                <span aria-hidden="true" className="text-primary-dark text-3xl font-extrabold">
                  {i + 1}
                </span>
                <h3 className="text-secondary mt-1 font-bold">{s.title}</h3>
                <p className="mt-2 text-sm leading-relaxed">{s.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section>
          <h2 className="text-secondary text-2xl font-bold">{t('rulesTitle')}</h2>
          <ul className="mt-4 flex flex-col gap-3">
            {rules.map((rule) => (
              <li key={rule} className="flex gap-3">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-green-700" />
                <span>{rule}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="max-w-3xl">
          <h2 className="text-secondary mb-4 text-2xl font-bold">{t('faqTitle')}</h2>
          <QuestionList items={faq} />
        </section>
        <section className="bg-secondary rounded-2xl p-8 text-white">
          <h2 className="text-2xl font-bold">{t('ctaTitle')}</h2>
          <p className="mt-2 text-white/90">{t('ctaText')}</p>
          <AppBadges className="mt-5" />
        </section>
      </div>
      <JsonLd data={faqJsonLd(faq)} />
    </>
  );
}
