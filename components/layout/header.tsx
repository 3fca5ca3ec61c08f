import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { localPath } from '@/lib/i18n/paths';
import { languageName, localePrefix, menuLocales, type Locale } from '@/lib/i18n/locales';
import { isBuilt } from '@/lib/routes';
import { ChevronDownIcon } from '@/components/ui/icons';
import { LogoMark } from './logo';
import { LanguageMenu, type LanguageOption } from './language-menu';
import { SessionLinks, type SessionLabels } from './session-links';
import { AddButtons, MobileDrawer } from './mobile-drawer';
import { MenuCloser } from './menu-closer';
import { AppPrompt, appPromptIds } from './app-prompt';

export async function Header({ locale }: { locale: Locale }) {
  const t = await getTranslations('Header');
  const brand = (await getTranslations('Metadata'))('siteName');
  const href = (path: string) => localPath(locale, path);
  const prefix = localePrefix(locale);

  const mainLinks = [
    { path: '/trajets', label: t('trips') },
    { path: '/colis', label: t('parcels') },
    { path: '/autour-de-moi', label: t('aroundMe') },
    { path: '/simulateur-prix', label: t('simulator') },
    { path: '/faq', label: t('faq') },
    { path: '/a-propos', label: t('about') },
  ].filter((link) => isBuilt(link.path));
  const infoLinks = [
    { path: '/comment-ca-marche', label: t('howItWorks') },
    { path: '/devenez-transporteur', label: t('becomeCarrier') },
    { path: '/comparatif-colibri-vs-transporteurs', label: t('comparison') },
  ].filter((link) => isBuilt(link.path));
  const languages: LanguageOption[] = menuLocales.map((l) => ({
    prefix: localePrefix(l),
    lang: l,
    name: languageName(l),
  }));
  const sessionLabels: SessionLabels = {
    login: t('login'),
    ...(isBuilt('mes-favoris') && { favourites: t('favourites') }),
    ...(isBuilt('messagerie') && { messages: t('messages'), unread: t.raw('unread') as string }),
    dashboard: t('dashboard'),
    account: {
      label: t('account'),
      current: t.raw('accountCurrent') as string,
      profile: t('profile'),
      settings: t('settings'),
      signOut: t('signOut'),
      signedOut: (await getTranslations('Auth'))('signedOut'),
      network: (await getTranslations('Errors'))('NETWORK'),
    },
  };
  const add = [
    { label: t('addParcel'), popover: appPromptIds.parcel },
    { label: t('addTrip'), popover: appPromptIds.trip },
  ];
  const navLink = 'rounded-md px-3 py-2 text-sm font-medium hover:bg-secondary-light hover:text-secondary';

  return (
    <header className="sticky top-0 z-30 border-b border-neutral-200 bg-white">
      <MenuCloser />
      <div className="container-page flex h-16 items-center gap-2">
        <Link href={href('/')} aria-label={t('homeLink')} className="me-auto flex items-center gap-2 rounded-md">
          <LogoMark className="size-9" />
          <span className="text-secondary text-xl font-extrabold tracking-tight">{brand}</span>
        </Link>
        <div className="hidden items-center gap-2 md:flex">
          <AddButtons
            buttons={add}
            className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold"
          />
          <LanguageMenu
            variant="menu"
            current={prefix}
            currentName={languageName(locale)}
            label={t('language')}
            currentLabel={t('languageCurrent', { language: languageName(locale) })}
            options={languages}
          />
          <SessionLinks variant="bar" prefix={prefix} labels={sessionLabels} />
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <SessionLinks variant="icon" prefix={prefix} labels={sessionLabels} />
          <MobileDrawer
            openLabel={t('openMenu')}
            closeLabel={t('closeMenu')}
            title={t('mainNav')}
            prefix={prefix}
            session={sessionLabels}
            links={[...mainLinks, ...infoLinks].map((link) => ({ href: href(link.path), label: link.label }))}
            add={add}
            language={{ label: t('language'), currentName: languageName(locale), options: languages }}
          />
        </div>
      </div>
      <nav aria-label={t('mainNav')} className="hidden border-t border-neutral-100 md:block">
        <ul className="container-page flex h-11 items-center gap-1">
          {mainLinks.map((link) => (
            <li key={link.path}>
              <Link href={href(link.path)} className={navLink}>
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <details data-menu className="relative">
              <summary className={`${navLink} flex cursor-pointer items-center gap-1`}>
                {t('usefulInfo')}
                <ChevronDownIcon className="size-4" />
              </summary>
              <ul className="absolute start-0 z-40 mt-1 min-w-60 rounded-lg border border-neutral-200 bg-white p-1 shadow-lg">
                {infoLinks.map((link) => (
                  <li key={link.path}>
                    <Link
                      href={href(link.path)}
                      className="hover:bg-secondary-light block rounded-md px-3 py-2 text-sm"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        </ul>
      </nav>
      <AppPrompt kind="parcel" />
      <AppPrompt kind="trip" />
    </header>
  );
}
