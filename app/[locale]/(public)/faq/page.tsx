import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/content/json-ld';
import { PageIntro, QuestionList, faqJsonLd, type QuestionAnswer } from '@/components/content/prose';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('Faq', 'faq');

type Group = { title: string; items: QuestionAnswer[] };

export default async function FaqPage({ params }: LocaleParams) {
  await pageLocale(params);
  const t = await getTranslations('Faq');
  const groups = t.raw('groups') as Group[];
  const prohibited = t.raw('prohibited.countries') as { where: string; items: string }[];
  return (
    <>
      <PageIntro title={t('title')} intro={t('intro')} />
      <div className="prose-page flex flex-col gap-10 py-10">
        {groups.map((group) => (
          <section key={group.title} aria-labelledby={`faq-${group.title}`}>
            <h2 id={`faq-${group.title}`} className="text-secondary mb-4 text-2xl font-bold">
              {group.title}
            </h2>
            <QuestionList items={group.items} />
          </section>
        ))}
        {/* The publishing form links here (publier-colis: the declaration of no prohibited item). */}
        <section id="objets-interdits" aria-labelledby="faq-prohibited" className="scroll-mt-24">
          <h2 id="faq-prohibited" className="text-secondary mb-4 text-2xl font-bold">
            {t('prohibited.title')}
          </h2>
          <p>{t('prohibited.intro')}</p>
          <dl className="mt-4 flex flex-col gap-3">
            {prohibited.map((entry) => (
              <div key={entry.where}>
                <dt className="font-bold">{entry.where}</dt>
                <dd>{entry.items}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <JsonLd data={faqJsonLd(groups.flatMap((g) => g.items))} />
    </>
  );
}
