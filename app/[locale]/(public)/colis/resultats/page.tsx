import { AlertAction } from '@/components/listings/alert-action';
import { ListingListPage, rawFilters } from '@/components/listings/listing-list-page';
import { listMetadata } from '@/lib/i18n/list-metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

// The filtered list (/{lang}/colis?… is rewritten here): rendered per request from cached queries,
// then kept by the production server under its canonical URL (scripts/page-cache.mjs).
type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props) {
  return listMetadata('package', await pageLocale(params), rawFilters(await searchParams));
}

export default async function FilteredListPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const raw = rawFilters(await searchParams);
  return (
    <ListingListPage
      kind="package"
      locale={locale}
      raw={raw}
      actions={<AlertAction kind="package" locale={locale} raw={raw} />}
    />
  );
}
