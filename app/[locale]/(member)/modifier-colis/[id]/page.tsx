import { PublishPage } from '@/components/publish/publish-page';
import { pageLocale } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';

export const generateMetadata = memberMetadata('Publish.package.editMetaTitle');

type Props = { params: Promise<{ locale: string; id: string }> };

// modifier-colis/{id}: the owner edits a listing (anyone else gets the 404 page).
export default async function EditParcelPage({ params }: Props) {
  const locale = await pageLocale(params);
  const { id } = await params;
  return <PublishPage kind="package" locale={locale} editId={id} />;
}
