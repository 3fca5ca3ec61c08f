import { ListingListPage } from '@/components/listings/listing-list-page';
import { listMetadata } from '@/lib/i18n/list-metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { noParamsAtBuild } from '@/lib/i18n/static-params';

// The unfiltered list: cached HTML, revalidated when a listing changes. A query string is
// rewritten to ./resultats by proxy.ts, which renders the filtered list on each request.
export const generateStaticParams = noParamsAtBuild;
export const revalidate = 3600;

export async function generateMetadata({ params }: LocaleParams) {
  return listMetadata('travel', await pageLocale(params));
}

export default async function ListPage({ params }: LocaleParams) {
  return <ListingListPage kind="travel" locale={await pageLocale(params)} raw={{}} />;
}
