'use client';
import './globals.css';
import { usePathname } from 'next/navigation';
import { ErrorPage } from '@/components/layout/error-page';
import type { ErrorTexts } from '@/lib/i18n/error-texts';
import { isPrefix, isRtl, localeFromSegment, type Prefix } from '@/lib/i18n/locales';

// When the root layout itself fails: a document of its own, in the URL's language. No layout hands
// texts down here, so next.config.ts inlines these few from the four message files at build time.
// eslint-disable-next-line no-restricted-properties -- a constant the build inlines, not configuration
const texts = JSON.parse(process.env.GLOBAL_ERROR_TEXTS ?? '{}') as Record<Prefix, ErrorTexts>;

export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  const segment = usePathname()?.split('/')[1] ?? '';
  const prefix = isPrefix(segment) ? segment : 'fr';
  const locale = localeFromSegment(prefix) ?? 'fr';
  return (
    <html lang={locale} dir={isRtl(locale) ? 'rtl' : 'ltr'}>
      <body>
        <main>
          <ErrorPage texts={texts[prefix]} homeHref={`/${prefix}`} retry={retry} />
        </main>
      </body>
    </html>
  );
}
