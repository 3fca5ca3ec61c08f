import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { CodeForm } from '@/components/auth/code-form';
import { authMetadata } from '@/lib/i18n/screen-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { requirePageUser } from '@/lib/server/http/page-session';
import { pendingPhone } from '@/lib/server/members/phone';

export const generateMetadata = authMetadata('verifyMeta');

export default async function VerifyPhonePage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  const t = await getTranslations('Auth');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <AuthCard title={t('verifyTitle')}>
        <CodeForm prefix={localePrefix(locale)} userId={user.id} awaiting={await pendingPhone(user.id)} />
      </AuthCard>
    </div>
  );
}
