import { PublishPage } from '@/components/publish/publish-page';
import { pageLocale } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';

export const generateMetadata = memberMetadata('Publish.travel.editMetaTitle');

type Props = { params: Promise<{ locale: string; id: string }> };

// modifier-trajet/{id}: the owner edits a listing (anyone else gets the 404 page).
export default async function EditTripPage({ params }: Props) {
  const locale = await pageLocale(params);
  const { id } = await params;
  return <PublishPage kind="travel" locale={locale} editId={id} />;
}
