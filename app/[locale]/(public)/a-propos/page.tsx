import { getTranslations } from 'next-intl/server';
import { PageIntro, ProseSections, type ProseSection } from '@/components/content/prose';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('About', 'a-propos');

export default async function AboutPage({ params }: LocaleParams) {
  await pageLocale(params);
  const t = await getTranslations('About');
  return (
    <>
      <PageIntro title={t('title')} intro={t('intro')} />
      <div className="prose-page py-10">
        <ProseSections sections={t.raw('sections') as ProseSection[]} />
      </div>
    </>
  );
}
