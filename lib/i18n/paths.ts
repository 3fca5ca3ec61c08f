import { isPrefix, localePrefix, type Locale, type Prefix } from './locales';

/** A page's path in a language (a locale or its URL prefix); `path` is the French slug, '' for home. */
export function localPath(language: Locale | Prefix, path: string): string {
  const prefix = isPrefix(language) ? language : localePrefix(language);
  const clean = path.replace(/^\/+/, '');
  return clean ? `/${prefix}/${clean}` : `/${prefix}`;
}

/** The same page in another language: only the first segment changes (slugs are French everywhere). */
export function pathInLanguage(pathname: string, prefix: Prefix): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] && isPrefix(segments[0])) segments.shift();
  return '/' + [prefix, ...segments].join('/');
}

/** A safe place to return to after signing in: a path of this site under the same language, never another origin. */
export function safeNext(next: string | undefined, prefix: Prefix): string | undefined {
  return next && next.startsWith(`/${prefix}/`) && !next.startsWith('//') ? next : undefined;
}
