'use client';
import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { CloseIcon } from '@/components/ui/icons';
import { guestRoutes } from '@/lib/routes';

type NavigationApi = { currentEntry: { index: number } | null; entries(): { url: string | null }[] };

/** The URL this tab showed before, as far as the browser tells. */
function previousUrl(): string | null {
  // The Navigation API lists this tab's earlier entries of this origin only; older browsers: the referrer.
  const navigation = (window as Window & { navigation?: NavigationApi }).navigation;
  if (!navigation) return window.history.length > 1 ? document.referrer || null : null;
  const index = navigation.currentEntry?.index ?? 0;
  return index > 0 ? (navigation.entries()[index - 1]?.url ?? null) : null;
}

/** Whether going back leads to a page of this site (not a sign-in screen, which would send the member on). */
function backStaysOnSite(): boolean {
  const previous = previousUrl();
  if (!previous) return false;
  const url = new URL(previous);
  const page = url.pathname.split('/')[2] ?? '';
  return url.origin === window.location.origin && !(guestRoutes as readonly string[]).includes(page);
}

const noSubscription = () => () => {};

/** Tab past the last control comes back to the first, and Shift+Tab the other way round. */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  // A modal dialog makes the page inert, but Chromium still lets Tab leave it for the browser's own controls.
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
  const edge = event.shiftKey ? controls[0] : controls.at(-1);
  if (document.activeElement !== edge) return;
  event.preventDefault();
  (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
}

/**
 * A dialog open on arrival. The server sends it open in the page, so that without JavaScript it
 * reads as a card; the script makes it modal (focus kept inside, Escape closes) and adds a close
 * button. Closing goes back to the previous page of the site, else to `fallbackHref`.
 */
export function ArrivalDialog({
  labelledBy,
  closeLabel,
  fallbackHref,
  children,
}: {
  labelledBy: string;
  closeLabel: string;
  fallbackHref: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  // false in the server's HTML and while hydrating, true once the script runs.
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  useEffect(() => {
    const element = dialog.current;
    if (!scripted || !element || element.matches(':modal')) return;
    element.removeAttribute('open');
    element.showModal();
  }, [scripted]);

  const leave = () => {
    if (backStaysOnSite()) window.history.back();
    else router.replace(fallbackHref);
  };

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby={labelledBy}
      onClose={leave}
      onKeyDown={keepFocusInside}
      className="text-ink bg-secondary-light m-auto w-full max-w-2xl rounded-3xl p-8 [&:modal]:w-[min(92vw,36rem)] [&:modal]:bg-white [&:modal]:p-6 [&:modal]:shadow-2xl [&:not(:modal)]:static"
    >
      {scripted ? (
        <button
          type="button"
          aria-label={closeLabel}
          onClick={() => dialog.current?.close()}
          className="hover:bg-secondary-light float-end -m-2 ms-2 rounded-md p-2"
        >
          <CloseIcon className="size-5" />
        </button>
      ) : null}
      {children}
    </dialog>
  );
}
