import { localePrefix, type Locale } from './locales';

// Our own path builder instead of next-intl's createNavigation: importing that in any server
// module puts its client Link and message parser (about 13 kB gzipped) in every page's JavaScript.

/** The URL path of a page in a language: `path` is the French slug, '/' for the home page. */
export function getPathname({ locale, href }: { locale: Locale; href: string }): string {
  const clean = href.replace(/^\/+/, '');
  return clean ? `/${localePrefix(locale)}/${clean}` : `/${localePrefix(locale)}`;
}
