import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MyListingsPage } from '@/components/member/my-listings-page';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { requirePageUser } from '@/lib/server/http/page-session';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'MyListings' });
  return { title: t('travel.title'), robots: { index: false } };
}

// mes-trajets: the member's trips in every state.
export default async function MyListingsRoute({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  return <MyListingsPage kind="travel" locale={locale} userId={user.id} />;
}
