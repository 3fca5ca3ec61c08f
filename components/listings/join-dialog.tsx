import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PopoverPanel } from '@/components/ui/popover-panel';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { joinDialogId } from './element-ids';

/**
 * "Join to continue" (specification section 6), a native popover a visitor's heart or alert button
 * opens without script: sign in (then back to `here`) or create an account. Once per page.
 */
export async function JoinDialog({ locale, here, text }: { locale: Locale; here: string; text?: string }) {
  const t = await getTranslations('ListingDetail');
  return (
    <PopoverPanel id={joinDialogId} title={t('joinTitle')} closeLabel={t('close')} width="26rem">
      <p className="mt-3">{text ?? t('joinText')}</p>
      <div className="mt-5 flex flex-col gap-3">
        <Link
          href={`${localPath(locale, '/connexion')}?next=${encodeURIComponent(here)}`}
          className="bg-secondary flex min-h-12 items-center justify-center rounded-full px-5 font-semibold text-white"
        >
          {t('joinLogin')}
        </Link>
        <Link
          href={localPath(locale, '/inscription')}
          className="border-secondary text-secondary flex min-h-12 items-center justify-center rounded-full border px-5 font-semibold"
        >
          {t('joinSignup')}
        </Link>
      </div>
    </PopoverPanel>
  );
}
