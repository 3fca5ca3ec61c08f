import { ListingDetailPage } from '@/components/listings/listing-detail-page';
import { listingMetadata, listingOr404 } from '@/lib/i18n/listing-metadata';
import { pageLocale } from '@/lib/i18n/page';
import { noParamsAtBuild } from '@/lib/i18n/static-params';

// Rendered at the first request, then cached until the listing changes (its tag is revalidated).
export const generateStaticParams = noParamsAtBuild;
export const revalidate = 3600;

type Props = { params: Promise<{ locale: string; travelId: string }> };

export async function generateMetadata({ params }: Props) {
  const { travelId } = await params;
  return listingMetadata('travel', travelId, await pageLocale(params));
}

export default async function ListingPage({ params }: Props) {
  const locale = await pageLocale(params);
  const listing = await listingOr404('travel', (await params).travelId);
  return <ListingDetailPage listing={listing} locale={locale} />;
}
