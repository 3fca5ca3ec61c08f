import { getTranslations } from 'next-intl/server';
import { appStoreLinks } from '@/lib/app-stores';

function GooglePlayMark() {
  return (
    <svg viewBox="0 0 24 26" className="h-7 w-6 shrink-0" aria-hidden="true" focusable="false">
      <path d="M1 1.2 13.4 13 1 24.8c-.4-.2-.6-.7-.6-1.2V2.4c0-.5.2-1 .6-1.2Z" fill="#2196F3" />
      <path d="m17.5 8.9-4.1 4.1L1 1.2c.2-.1.6-.1 1 .1l15.5 7.6Z" fill="#4CAF50" />
      <path d="m17.5 17.1-15.5 7.6c-.4.2-.8.2-1 .1L13.4 13l4.1 4.1Z" fill="#F44336" />
      <path d="m22.4 11.5-4.9-2.6-4.1 4.1 4.1 4.1 4.9-2.6c.9-.5.9-2.5 0-3Z" fill="#FFC107" />
    </svg>
  );
}

function AppleMark() {
  return (
    <svg viewBox="0 0 24 28" className="h-7 w-6 shrink-0" aria-hidden="true" focusable="false">
      <path
        fill="#fff"
        d="M19.7 14.9c0-3.4 2.8-5 2.9-5.1-1.6-2.3-4-2.6-4.9-2.6-2.1-.2-4 1.2-5.1 1.2-1 0-2.7-1.2-4.4-1.2-2.3 0-4.4 1.3-5.6 3.4-2.4 4.1-.6 10.2 1.7 13.6 1.1 1.6 2.5 3.5 4.2 3.4 1.7-.1 2.3-1.1 4.4-1.1 2 0 2.6 1.1 4.4 1.1 1.8 0 3-1.7 4.1-3.3 1.3-1.9 1.8-3.7 1.8-3.8 0 0-3.5-1.4-3.5-5.6ZM16.4 5c.9-1.1 1.6-2.7 1.4-4.2-1.3.1-3 .9-3.9 2-.9 1-1.6 2.6-1.4 4.1 1.5.1 3-.8 3.9-1.9Z"
      />
    </svg>
  );
}

/** The two store badges, drawn locally (no external images). */
export async function AppBadges({ className = '' }: { className?: string }) {
  const t = await getTranslations('AppBadges');
  const badge =
    'inline-flex h-14 min-w-44 items-center gap-3 rounded-xl border border-white/25 bg-black px-4 text-white transition hover:bg-neutral-800';
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`} aria-label={t('label')}>
      <li>
        <a href={appStoreLinks.googlePlay} className={badge} rel="noopener" aria-label={t('googlePlayAlt')}>
          <GooglePlayMark />
          <span className="flex flex-col text-start leading-tight">
            <span className="text-[0.65rem] tracking-wide uppercase">{t('googlePlayTop')}</span>
            <span className="text-lg font-semibold">{t('googlePlay')}</span>
          </span>
        </a>
      </li>
      <li>
        <a href={appStoreLinks.appStore} className={badge} rel="noopener" aria-label={t('appStoreAlt')}>
          <AppleMark />
          <span className="flex flex-col text-start leading-tight">
            <span className="text-[0.7rem]">{t('appStoreTop')}</span>
            <span className="text-lg font-semibold">{t('appStore')}</span>
          </span>
        </a>
      </li>
    </ul>
  );
}
