import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { ConfirmEmail } from '@/components/auth/confirm-email';
import { FormMessages } from '@/components/forms/form-messages';
import { authMetadata } from '@/lib/i18n/auth-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page';

export const generateMetadata = authMetadata('confirmMeta');

// The same static shell for every user: the token is read and checked in the browser.
export default async function ConfirmEmailPage({ params }: { params: Promise<{ locale: string; userId: string }> }) {
  const locale = await pageLocale(params);
  const { userId } = await params;
  const t = await getTranslations('Auth');
  const c = await getTranslations('Common');
  return (
    <FormMessages>
      <div className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
        <AuthCard title={t('confirmTitle')}>
          <Suspense fallback={<p role="status">{c('loading')}</p>}>
            <ConfirmEmail prefix={localePrefix(locale)} userId={userId} />
          </Suspense>
        </AuthCard>
      </div>
    </FormMessages>
  );
}
