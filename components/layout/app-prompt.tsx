import { getTranslations } from 'next-intl/server';
import { AppBadges } from './app-badges';
import { PopoverPanel } from '@/components/ui/popover-panel';

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
    <PopoverPanel
      id={id}
      title={t(kind === 'parcel' ? 'parcelTitle' : 'tripTitle')}
      closeLabel={tt('close')}
      width="28rem"
    >
      <p className="mt-3">{t(kind === 'parcel' ? 'parcelText' : 'tripText')}</p>
      <p className="text-muted mt-2 text-sm">{t('sameAccount')}</p>
      <AppBadges className="mt-5" />
    </PopoverPanel>
  );
}
