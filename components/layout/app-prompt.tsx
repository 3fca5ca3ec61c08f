import { getTranslations } from 'next-intl/server';
import { AppBadges } from './app-badges';
import { CloseIcon } from '@/components/ui/icons';

export const appPromptIds = { parcel: 'app-prompt-parcel', trip: 'app-prompt-trip' } as const;

/**
 * The "download the app" modal of the add-a-parcel and add-a-trip buttons (listings are created in
 * the mobile app). A native popover: it opens, closes on Escape or outside click, with no script.
 */
export async function AppPrompt({ kind }: { kind: keyof typeof appPromptIds }) {
  const t = await getTranslations('AddListing');
  const tt = await getTranslations('Toast');
  const id = appPromptIds[kind];
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-labelledby={`${id}-title`}
      className="text-ink m-auto w-[min(92vw,28rem)] rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-black/45"
    >
      <div className="flex items-start gap-4">
        <h2 id={`${id}-title`} className="text-secondary flex-1 text-xl font-bold">
          {t(kind === 'parcel' ? 'parcelTitle' : 'tripTitle')}
        </h2>
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          aria-label={tt('close')}
          className="hover:bg-secondary-light -m-2 rounded-md p-2"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <p className="mt-3">{t(kind === 'parcel' ? 'parcelText' : 'tripText')}</p>
      <p className="text-muted mt-2 text-sm">{t('sameAccount')}</p>
      <AppBadges className="mt-5" />
    </div>
  );
}
