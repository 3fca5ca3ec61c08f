import { ListingDetailPage } from '@/components/listings/listing-detail-page';
import { listingMetadata, listingOr404 } from '@/lib/i18n/listing-metadata';
import { pageLocale } from '@/lib/i18n/page';
import { noParamsAtBuild } from '@/lib/i18n/static-params';

// Rendered at the first request, then cached until the listing changes (its tag is revalidated).
export const generateStaticParams = noParamsAtBuild;
export const revalidate = 3600;

type Props = { params: Promise<{ locale: string; packageId: string }> };

export async function generateMetadata({ params }: Props) {
  const { packageId } = await params;
  return listingMetadata('travel', packageId, await pageLocale(params));
}

export default async function ListingPage({ params }: Props) {
  const locale = await pageLocale(params);
  const listing = await listingOr404('travel', (await params).packageId);
  return <ListingDetailPage listing={listing} locale={locale} />;
}
