'use client';
import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';

type Props = { openLabel: string; closeLabel: string; title: string; children: ReactNode };

/** The side drawer below 900 px: a modal <dialog>, so focus, Escape and the backdrop come from the browser. */
export function MobileDrawer({ openLabel, closeLabel, title, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    // Close when the window grows past the breakpoint, so the drawer never hides the desktop header.
    const query = window.matchMedia('(min-width: 56.25rem)');
    const onChange = () => query.matches && dialog.current?.close();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={openLabel}
        onClick={() => dialog.current?.showModal()}
        className="flex size-11 items-center justify-center rounded-md hover:bg-secondary-light"
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
        className="ms-auto me-0 h-dvh max-h-dvh w-80 max-w-[85vw] overflow-y-auto bg-white p-0 text-ink shadow-xl"
      >
        <div className="flex flex-col gap-4 p-4">
          <button
            type="button"
            aria-label={closeLabel}
            onClick={() => dialog.current?.close()}
            className="flex size-11 items-center justify-center self-end rounded-md hover:bg-secondary-light"
          >
            <CloseIcon className="size-6" />
          </button>
          {children}
        </div>
      </dialog>
    </>
  );
}
