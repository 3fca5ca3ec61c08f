import '../globals.css';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Header } from '@/components/layout/header';
import { Footer } from '@/components/layout/footer';
import { Toaster } from '@/components/ui/toaster';
import { BoundaryTextsProvider } from '@/components/layout/boundary-texts';
import { errorTexts } from '@/lib/i18n/error-texts';
import { loadMessages } from '@/lib/i18n/messages';
import { fontLoader } from '@/lib/font-loader.mjs';
import { beaconStarter } from '@/lib/beacon.mjs';
import { isRtl, localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { siteUrl } from '@/lib/env';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(siteUrl),
    title: { default: t('defaultTitle'), template: `%s | ${t('siteName')}` },
    description: t('defaultDescription'),
    applicationName: t('siteName'),
    icons: { icon: '/icon.svg', apple: '/icons/app-192.png' },
    manifest: `/${localePrefix(locale)}/manifest.webmanifest`,
  };
}

export const viewport: Viewport = { themeColor: '#3B5173', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: LocaleParams & { children: ReactNode }) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Common');
  const toast = await getTranslations('Toast');
  const nf = await getTranslations('NotFound');
  const notFoundTexts = {
    metaTitle: `${nf('metaTitle')} | ${(await getTranslations('Metadata'))('siteName')}`,
    title: nf('title'),
    text: nf('text'),
    home: nf('home'),
    parcels: nf('parcels'),
    trips: nf('trips'),
    faq: nf('faq'),
  };
  return (
    // The font loader marks <html> before hydration (lib/font-loader.mjs).
    <html lang={locale} dir={isRtl(locale) ? 'rtl' : 'ltr'} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col">
        <script dangerouslySetInnerHTML={{ __html: fontLoader }} />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          {t('skipToContent')}
        </a>
        <Header locale={locale} />
        <main id="main" className="flex-1">
          <BoundaryTextsProvider
            prefix={localePrefix(locale)}
            notFound={notFoundTexts}
            error={errorTexts(await loadMessages(locale))}
          >
            {children}
          </BoundaryTextsProvider>
        </main>
        <Footer locale={locale} />
        <Toaster regionLabel={toast('region')} closeLabel={toast('close')} />
        {/* Counts the visit once the page has loaded, without cookies (lib/beacon.mjs). */}
        <script dangerouslySetInnerHTML={{ __html: beaconStarter }} />
      </body>
    </html>
  );
}
