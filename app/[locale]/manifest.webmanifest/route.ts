import { getTranslations } from 'next-intl/server';
import { isRtl, localeFromSegment, prefixes } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';

// The web app manifest of a language (issue 23): installable, opening on that language's home page.
// Built once per language at build time; every page links its own (app/[locale]/layout.tsx).

export const dynamic = 'force-static';
export const generateStaticParams = () => prefixes.map((locale) => ({ locale }));

export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) return new Response(null, { status: 404 });
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const start = localPath(locale, '');
  const manifest = {
    id: start,
    name: t('siteName'),
    short_name: t('siteName'),
    description: t('defaultDescription'),
    lang: locale,
    dir: isRtl(locale) ? 'rtl' : 'ltr',
    start_url: start,
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#3B5173',
    icons: [
      { src: '/icons/app-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
