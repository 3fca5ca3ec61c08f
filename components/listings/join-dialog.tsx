import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CloseIcon } from '@/components/ui/icons';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { joinDialogId } from './dialog-ids';

/**
 * "Join to continue" (specification section 6), a native popover a visitor's heart or alert button
 * opens without script: sign in (then back to `here`) or create an account. Once per page.
 */
export async function JoinDialog({ locale, here, text }: { locale: Locale; here: string; text?: string }) {
  const t = await getTranslations('ListingDetail');
  return (
    <div
      id={joinDialogId}
      popover="auto"
      role="dialog"
      aria-labelledby={`${joinDialogId}-title`}
      className="text-ink m-auto w-[min(92vw,26rem)] rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-black/45"
    >
      <div className="flex items-start gap-4">
        <h2 id={`${joinDialogId}-title`} className="text-secondary flex-1 text-xl font-bold">
          {t('joinTitle')}
        </h2>
        <button
          type="button"
          popoverTarget={joinDialogId}
          popoverTargetAction="hide"
          aria-label={t('close')}
          className="hover:bg-secondary-light -m-2 rounded-md p-2"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
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
    </div>
  );
}
