import { PublishPage } from '@/components/publish/publish-page';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';

export const generateMetadata = memberMetadata('Publish.travel.metaTitle');

type Props = LocaleParams & { searchParams: Promise<{ from?: string | string[] }> };

// publier-trajet: a new listing from the site; `?from={id}` copies one of the member's (lib/routes.ts duplicatePath).
export default async function PublishTripPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const { from } = await searchParams;
  return <PublishPage kind="travel" locale={locale} copyId={typeof from === 'string' ? from : undefined} />;
}
