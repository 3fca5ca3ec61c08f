import { getTranslations } from 'next-intl/server';
import { appStoreLinks } from '@/lib/app-stores';

/** The two store badges, drawn locally: the logos are CSS images (app/globals.css, "Store badges"). */
export async function AppBadges({ className = '' }: { className?: string }) {
  const t = await getTranslations('AppBadges');
  const stores = [
    {
      href: appStoreLinks.googlePlay,
      logo: 'store-play',
      alt: t('googlePlayAlt'),
      top: t('googlePlayTop'),
      name: t('googlePlay'),
    },
    {
      href: appStoreLinks.appStore,
      logo: 'store-apple',
      alt: t('appStoreAlt'),
      top: t('appStoreTop'),
      name: t('appStore'),
    },
  ];
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`} aria-label={t('label')}>
      {stores.map((store) => (
        <li key={store.logo}>
          <a href={store.href} className={`store-badge ${store.logo}`} rel="noopener" aria-label={store.alt}>
            <span>
              <small>{store.top}</small>
              <b>{store.name}</b>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
