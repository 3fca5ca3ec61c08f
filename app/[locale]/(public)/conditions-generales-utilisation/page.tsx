import { LegalPage } from '@/components/content/legal-page';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('Terms', 'conditions-generales-utilisation');

// The specification's date of the terms' last update.
export default async function TermsPage({ params }: LocaleParams) {
  return <LegalPage locale={await pageLocale(params)} namespace="Terms" updatedOn="2025-05-29" />;
}
