import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { PhoneForm } from '@/components/auth/phone-form';
import { authMetadata } from '@/lib/i18n/screen-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { requirePageUser } from '@/lib/server/http/page-session';
import { phoneCountries } from '@/lib/phone';
import { phoneCodeChannelsHere } from '@/lib/server/notify';
import { pendingPhone } from '@/lib/server/members/phone';
import { undeliveredStatuses } from '@/lib/domain';

export const generateMetadata = authMetadata('phoneMeta');

export default async function PhonePage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  const t = await getTranslations('Auth');
  const channels = phoneCodeChannelsHere();
  // The last code could not be delivered: said here too, and the other channel chosen.
  const pending = await pendingPhone(user.id);
  const failed =
    pending && (undeliveredStatuses as readonly string[]).includes(pending.delivery)
      ? { phone: pending.phone, channel: pending.channel }
      : undefined;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <AuthCard title={t('phoneTitle')} intro={t(channels.includes('whatsapp') ? 'phoneIntroWhatsapp' : 'phoneIntro')}>
        <PhoneForm
          prefix={localePrefix(locale)}
          userId={user.id}
          countries={phoneCountries(locale)}
          channels={channels}
          failed={failed}
        />
      </AuthCard>
    </div>
  );
}
