'use client';
import type { ErrorTexts } from '@/lib/i18n/error-texts';
import type { Prefix } from '@/lib/i18n/locales';
import { ErrorPage } from './error-page';

// What app/global-error.tsx shows, loaded only when the root layout has failed: every page's first
// load carries the boundary (Next loads it with the framework), so its texts in four languages and
// the page's markup come in their own chunk. No layout hands texts down here, so next.config.ts
// inlines these few from the four message files at build time.
// eslint-disable-next-line no-restricted-properties -- a constant the build inlines, not configuration
const texts = JSON.parse(process.env.GLOBAL_ERROR_TEXTS ?? '{}') as Record<Prefix, ErrorTexts>;

export default function GlobalErrorBody({ prefix, retry }: { prefix: Prefix; retry: () => void }) {
  return <ErrorPage texts={texts[prefix]} homeHref={`/${prefix}`} retry={retry} />;
}
