import { isPrefix, type Prefix } from './locales';

/** The same page in another language: only the first segment changes (slugs are French everywhere). */
export function pathInLanguage(pathname: string, prefix: Prefix): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] && isPrefix(segments[0])) segments.shift();
  return '/' + [prefix, ...segments].join('/');
}

/** A page's URL in a language, for links in client components (server code uses getPathname). */
export function localPath(prefix: Prefix, path: string): string {
  const clean = path.replace(/^\/+/, '');
  return clean ? `/${prefix}/${clean}` : `/${prefix}`;
}
