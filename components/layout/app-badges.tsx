import { getTranslations } from 'next-intl/server';
import { appStoreLinks } from '@/lib/app-stores';

/**
 * The two stores as plain text links: the official badges may not be redrawn nor their words
 * translated (the stores' badge rules), and the store names stay as the stores write them.
 */
export async function AppBadges({ className = '' }: { className?: string }) {
  const t = await getTranslations('AppBadges');
  const stores = [
    { href: appStoreLinks.googlePlay, label: t('googlePlay', { store: 'Google Play' }) },
    { href: appStoreLinks.appStore, label: t('appStore', { store: 'App Store' }) },
  ];
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`} aria-label={t('label')}>
      {stores.map((store) => (
        <li key={store.href}>
          <a href={store.href} className="store-link" rel="noopener">
            {store.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
