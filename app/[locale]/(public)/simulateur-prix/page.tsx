import { SimulatorPage, simulatorPath } from '@/components/simulator/simulator-page';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

// The bare simulator: rendered at build time (it reads no database), served from the page cache.
// The form's result is ./resultat, rendered per request: this page stays the same for everyone.
export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('Simulator', simulatorPath);

export default async function SimulatorBarePage({ params }: LocaleParams) {
  return <SimulatorPage locale={await pageLocale(params)} values={{}} errors={{}} result={null} />;
}
