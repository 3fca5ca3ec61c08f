'use client';
import Link from 'next/link';
import { useId } from 'react';
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
 * The side drawer below 900 px: a popover, so the menu button opens it, Escape and a tap outside close
 * it, from the HTML alone (before the page's scripts run, or without them). Once hydrated, a link
 * followed inside it closes it too (a client navigation keeps the header).
 */
export function MobileDrawer({ openLabel, closeLabel, title, prefix, session, links, add, language }: DrawerProps) {
  const id = useId();
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        aria-label={openLabel}
        className="hover:bg-secondary-light flex size-11 items-center justify-center rounded-md"
      >
        <MenuIcon className="size-6" />
      </button>
      <div
        id={id}
        popover="auto"
        role="dialog"
        aria-label={title}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) event.currentTarget.hidePopover();
        }}
        className="text-ink inset-y-0 start-auto end-0 m-0 h-dvh max-h-dvh w-80 max-w-[85vw] overflow-y-auto border-0 bg-white p-0 shadow-xl backdrop:bg-black/40 md:hidden"
      >
        <div className="flex flex-col gap-4 p-4">
          <button
            type="button"
            popoverTarget={id}
            popoverTargetAction="hide"
            aria-label={closeLabel}
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
      </div>
    </>
  );
}
