'use client';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Prefix } from '@/lib/i18n/locales';
import { CloseIcon, MenuIcon, PlusIcon } from '@/components/ui/icons';
import { LanguageMenu, type LanguageOption } from './language-menu';
import { SessionLinks, type SessionLabels } from './session-links';

export type DrawerProps = {
  openLabel: string;
  closeLabel: string;
  title: string;
  prefix: Prefix;
  session: SessionLabels;
  links: { href: string; label: string }[];
  /** The two add buttons: their label and the id of the "download the app" popover they open. */
  add: { label: string; popover: string }[];
  language: { label: string; currentName: string; options: LanguageOption[] };
};

type AddButton = DrawerProps['add'][number];
const addTones = [
  'bg-primary text-ink hover:bg-primary/85',
  'border border-secondary text-secondary hover:bg-secondary-light',
];

/** The add-a-parcel and add-a-trip buttons, in the header bar and in the drawer. */
export function AddButtons({ buttons, className }: { buttons: AddButton[]; className: string }) {
  return buttons.map((button, i) => (
    <button key={button.popover} type="button" popoverTarget={button.popover} className={`${className} ${addTones[i]}`}>
      <PlusIcon className="size-4" />
      {button.label}
    </button>
  ));
}

/**
 * The side drawer below 900 px: a modal <dialog>, so focus, Escape and the backdrop come from the
 * browser. It opens with script only, so its content is built on the first opening, from data:
 * every page's HTML and RSC payload then carry a few labels instead of a second menu.
 */
export function MobileDrawer({ openLabel, closeLabel, title, prefix, session, links, add, language }: DrawerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [built, setBuilt] = useState(false);

  useEffect(() => {
    // Close when the window grows past the breakpoint, so the drawer never hides the desktop header.
    const query = window.matchMedia('(min-width: 56.25rem)');
    const onChange = () => query.matches && dialog.current?.close();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const open = () => {
    if (!built) flushSync(() => setBuilt(true));
    dialog.current?.showModal();
  };

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={openLabel}
        onClick={open}
        className="hover:bg-secondary-light flex size-11 items-center justify-center rounded-md"
      >
        <MenuIcon className="size-6" />
      </button>
      <dialog
        ref={dialog}
        aria-label={title}
        onClick={(event) => {
          const target = event.target as Element;
          if (target === dialog.current || target.closest('a')) dialog.current?.close();
        }}
        className="text-ink ms-auto me-0 h-dvh max-h-dvh w-80 max-w-[85vw] overflow-y-auto bg-white p-0 shadow-xl"
      >
        {built ? (
          <div className="flex flex-col gap-4 p-4">
            <button
              type="button"
              aria-label={closeLabel}
              onClick={() => dialog.current?.close()}
              className="hover:bg-secondary-light flex size-11 items-center justify-center self-end rounded-md"
            >
              <CloseIcon className="size-6" />
            </button>
            <SessionLinks variant="drawer" prefix={prefix} labels={session} />
            <div className="flex flex-col gap-2">
              <AddButtons
                buttons={add}
                className="flex items-center justify-center gap-2 rounded-full px-4 py-3 font-semibold"
              />
            </div>
            <nav aria-label={title}>
              <ul className="flex flex-col">
                {links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} className="hover:bg-secondary-light block rounded-lg px-3 py-3 font-medium">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="border-t border-neutral-200 pt-3">
              <p className="text-muted px-3 pb-1 text-sm">{language.label}</p>
              <LanguageMenu
                variant="list"
                current={prefix}
                currentName={language.currentName}
                label={language.label}
                options={language.options}
              />
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
