import 'server-only';
import type { Metadata } from 'next';
import { localPath } from './i18n/paths';
import { locales, openGraphLocale, type Locale } from './i18n/locales';
import { siteUrl } from './env';

/** Absolute URL of a page in a language: `path` is the French slug after the prefix ('' for home). */
export function pageUrl(locale: Locale, path: string, query = ''): string {
  return siteUrl + localPath(locale, path) + query;
}

/** Canonical, hreflang alternates (four languages and x-default), Open Graph and Twitter tags. */
export function pageMetadata(input: {
  locale: Locale;
  path: string;
  /** A query string that is part of the page's identity (a filtered list), starting with `?`. */
  query?: string;
  title: string;
  description: string;
  siteName: string;
  noindex?: boolean;
  /** Null: the route's own opengraph-image file draws it (listings, landing pages). */
  image?: string | null;
}): Metadata {
  const { locale, path, title, description, siteName } = input;
  const query = input.query ?? '';
  const url = pageUrl(locale, path, query);
  const languages: Record<string, string> = Object.fromEntries(locales.map((l) => [l, pageUrl(l, path, query)]));
  languages['x-default'] = pageUrl('fr', path, query);
  const image = input.image === null ? null : (input.image ?? `${siteUrl}/og.png`);
  return {
    title,
    description,
    alternates: { canonical: url, languages },
    openGraph: {
      type: 'website',
      url,
      title,
      description,
      siteName,
      locale: openGraphLocale(locale),
      alternateLocale: locales.filter((l) => l !== locale).map(openGraphLocale),
      ...(image ? { images: [{ url: image, width: 1200, height: 630, alt: siteName }] } : {}),
    },
    twitter: { card: 'summary_large_image', title, description, ...(image ? { images: [image] } : {}) },
    robots: input.noindex ? { index: false, follow: true } : undefined,
  };
}
