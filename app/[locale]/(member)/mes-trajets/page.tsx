import { MyListingsPage } from '@/components/member/my-listings-page';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';
import { requirePageUser } from '@/lib/server/http/page-session';

export const generateMetadata = memberMetadata('MyListings.travel.title');

// mes-trajets: the member's trips in every state.
export default async function MyListingsRoute({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  return <MyListingsPage kind="travel" locale={locale} userId={user.id} />;
}
