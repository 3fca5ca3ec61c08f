'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { pathInLanguage } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';
import { ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';

export type LanguageOption = { prefix: Prefix; lang: string; name: string };

type Props = {
  current: Prefix;
  currentName: string;
  label: string;
  /** The menu's button name, "Langue : Français" (Header.languageCurrent). */
  currentLabel?: string;
  options: LanguageOption[];
  variant: 'menu' | 'list';
};

/** Links to the same page in the other languages; remembers the language in the i18next cookie. */
export function LanguageMenu({ current, currentName, label, currentLabel, options, variant }: Props) {
  const pathname = usePathname() ?? `/${current}`;

  useEffect(() => {
    document.cookie = `i18next=${current}; path=/; max-age=31536000; samesite=lax`;
    try {
      window.localStorage.setItem('i18nextLng', current);
    } catch {
      // storage can be disabled; the cookie is enough
    }
  }, [current]);

  const links = options.map((option) => (
    <li key={option.prefix}>
      <Link
        href={pathInLanguage(pathname, option.prefix)}
        hrefLang={option.lang}
        lang={option.lang}
        aria-current={option.prefix === current ? 'true' : undefined}
        prefetch={false}
        className="hover:bg-secondary-light aria-[current]:text-secondary block rounded-md px-3 py-2 aria-[current]:font-semibold"
      >
        {option.name}
      </Link>
    </li>
  ));

  if (variant === 'list') {
    return (
      <nav aria-label={label}>
        <ul className="flex flex-wrap gap-1">{links}</ul>
      </nav>
    );
  }
  return (
    <details data-menu className="relative">
      <summary
        aria-label={currentLabel ?? label}
        className="hover:bg-secondary-light flex cursor-pointer items-center gap-1 rounded-md px-2 py-2 text-sm font-medium"
      >
        <GlobeIcon className="size-5" />
        <span aria-hidden="true">{currentName}</span>
        <ChevronDownIcon className="size-4" />
      </summary>
      <ul className="absolute end-0 z-40 mt-1 min-w-36 rounded-lg border border-neutral-200 bg-white p-1 shadow-lg">
        {links}
      </ul>
    </details>
  );
}
