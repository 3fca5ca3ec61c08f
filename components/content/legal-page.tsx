import { getTranslations } from 'next-intl/server';
import { formatLongDate } from '@/lib/dates';
import type { Locale } from '@/lib/i18n/locales';
import { PageIntro, ProseSections, type ProseSection } from './prose';

/** A legal text: title, date of its last update in the page's language, numbered sections. */
export async function LegalPage({
  locale,
  namespace,
  updatedOn,
}: {
  locale: Locale;
  namespace: 'Privacy' | 'Terms';
  updatedOn: string;
}) {
  const t = await getTranslations(namespace);
  return (
    <>
      <PageIntro title={t('title')} intro={t('intro')}>
        <p className="text-muted mt-3 text-sm">
          <time dateTime={updatedOn}>{t('updated', { date: formatLongDate(updatedOn, locale) })}</time>
        </p>
      </PageIntro>
      <div className="prose-page py-10">
        <ProseSections sections={t.raw('sections') as ProseSection[]} />
      </div>
    </>
  );
}
