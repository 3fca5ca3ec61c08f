import { LegalPage } from '@/components/content/legal-page';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('Privacy', 'politique-de-confidentialite');

export default async function PrivacyPage({ params }: LocaleParams) {
  return <LegalPage locale={await pageLocale(params)} namespace="Privacy" updatedOn="2026-11-29" />;
}
