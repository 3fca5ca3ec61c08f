import { getTranslations } from 'next-intl/server';
import { appStoreLinks } from '@/lib/app-stores';

/** The two store badges, drawn locally: the logos are CSS images (app/globals.css, "Store badges"). */
export async function AppBadges({ className = '' }: { className?: string }) {
  const t = await getTranslations('AppBadges');
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`} aria-label={t('label')}>
      <li>
        <a
          href={appStoreLinks.googlePlay}
          className="store-badge store-play"
          rel="noopener"
          aria-label={t('googlePlayAlt')}
        >
          <span>
            <small>{t('googlePlayTop')}</small>
            <b>{t('googlePlay')}</b>
          </span>
        </a>
      </li>
      <li>
        <a
          href={appStoreLinks.appStore}
          className="store-badge store-apple"
          rel="noopener"
          aria-label={t('appStoreAlt')}
        >
          <span>
            <small>{t('appStoreTop')}</small>
            <b>{t('appStore')}</b>
          </span>
        </a>
      </li>
    </ul>
  );
}
