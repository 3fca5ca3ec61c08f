import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ProfilePage } from '@/components/profile/profile-page';
import { pageLocale } from '@/lib/i18n/page';
import { AppError } from '@/lib/errors';
import { getProfile } from '@/lib/server/members/profiles';

// A member's public profile: the same for every visitor (what the viewer may do is asked by the
// page's script), rendered per request so that reviews and the record are current; noindex.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string; userId: string }> };

async function profileOr404(userId: string) {
  try {
    return await getProfile(userId, null);
  } catch (error) {
    if (error instanceof AppError && error.code === 'USER_NOT_FOUND') notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const { user } = await profileOr404((await params).userId);
  const t = await getTranslations({ locale, namespace: 'Profile' });
  return {
    title: t('meta', { name: `${user.firstname} ${user.lastname}` }),
    description: t('metaDescription', { name: user.firstname }),
    robots: { index: false, follow: false },
  };
}

export default async function ProfileRoute({ params }: Props) {
  const locale = await pageLocale(params);
  const profile = await profileOr404((await params).userId);
  return <ProfilePage profile={profile} locale={locale} />;
}
