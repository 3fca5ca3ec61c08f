import { getTranslations } from 'next-intl/server';
import { PageIntro, ProseSections, type ProseSection } from '@/components/content/prose';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('Comparison', 'comparatif-colibri-vs-transporteurs');

export default async function ComparisonPage({ params }: LocaleParams) {
  await pageLocale(params);
  const t = await getTranslations('Comparison');
  const columns = t.raw('columns') as string[];
  const rows = t.raw('rows') as string[][];
  return (
    <>
      <PageIntro wide title={t('title')} intro={t('intro')} />
      <div className="container-page py-10">
        <p className="text-muted mb-2 text-sm md:hidden">{t('scrollHint')}</p>
        <div
          className="overflow-x-auto rounded-2xl border border-neutral-200"
          role="region"
          aria-label={t('tableCaption')}
          tabIndex={0}
        >
          <table className="w-full min-w-[40rem] border-collapse text-start text-sm">
            <caption className="text-secondary p-4 text-start text-base font-bold">{t('tableCaption')}</caption>
            <thead className="bg-secondary text-white">
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className="p-3 text-start font-semibold">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([criterion, colibri, carriers]) => (
                <tr key={criterion} className="border-t border-neutral-200 even:bg-neutral-50">
                  <th scope="row" className="p-3 text-start font-semibold">
                    {criterion}
                  </th>
                  <td className="bg-primary-light/60 p-3">{colibri}</td>
                  <td className="p-3">{carriers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-muted mt-3 text-sm">{t('disclaimer')}</p>
        <div className="mt-12 max-w-3xl">
          <ProseSections sections={t.raw('sections') as ProseSection[]} />
        </div>
      </div>
    </>
  );
}
