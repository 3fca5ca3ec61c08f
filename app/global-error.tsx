'use client';
import './globals.css';
import { lazy, Suspense } from 'react';
import { usePathname } from 'next/navigation';
import type { Prefix } from '@/lib/i18n/locales';

// When the root layout itself fails: a document of its own, in the URL's language. Next puts this
// boundary in every page's first load, so it stays small: each prefix's lang and dir are inlined by
// next.config.ts (from lib/i18n/locales.ts), and what it shows (texts in four languages, the page)
// loads only when it is needed (components/layout/global-error-body.tsx).
// eslint-disable-next-line no-restricted-properties -- a constant the build inlines, not configuration
const documents = JSON.parse(process.env.GLOBAL_ERROR_DOCUMENTS ?? '{}') as Record<
  Prefix,
  { lang: string; dir: 'ltr' | 'rtl' }
>;
const Body = lazy(() => import('@/components/layout/global-error-body'));

export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  const segment = usePathname()?.split('/')[1] ?? '';
  const prefix = (Object.hasOwn(documents, segment) ? segment : 'fr') as Prefix;
  return (
    <html {...documents[prefix]}>
      <body>
        <main>
          <Suspense fallback={null}>
            <Body prefix={prefix} retry={retry} />
          </Suspense>
        </main>
      </body>
    </html>
  );
}
