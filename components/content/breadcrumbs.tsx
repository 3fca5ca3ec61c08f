import Link from 'next/link';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';

/** A step of a page's trail: its name and its French path ('' for home). */
export type Crumb = { name: string; path: string };

/** The trail from the home page down to the page (the last crumb), which structured data repeats (breadcrumbJsonLd). */
export function Breadcrumbs({ crumbs, locale, label }: { crumbs: Crumb[]; locale: Locale; label: string }) {
  return (
    <nav aria-label={label} className="text-muted text-sm">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((crumb, i) =>
          i < crumbs.length - 1 ? (
            <li key={crumb.path} className="flex items-center gap-1.5">
              <Link href={localPath(locale, crumb.path)} className="underline">
                {crumb.name}
              </Link>
              <span aria-hidden="true">/</span>
            </li>
          ) : (
            <li key={crumb.path} aria-current="page">
              {crumb.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
