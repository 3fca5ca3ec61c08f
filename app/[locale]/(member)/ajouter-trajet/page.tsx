import { PublishInApp } from '@/components/listings/publish-in-app';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';

export const generateMetadata = memberMetadata('AddListing.tripMetaTitle');

export default async function AddTripPage({ params }: LocaleParams) {
  return <PublishInApp locale={await pageLocale(params)} kind="trip" />;
}
