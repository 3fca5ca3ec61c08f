'use client';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A confirmation in a native modal <dialog> (focus kept inside, Escape cancels): `open` shows it,
 * closing it by any means calls `onClose`. `danger` draws the confirm button in red (a step that ends
 * or deletes something).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  pending,
  danger = true,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      className="text-ink m-auto w-[min(92vw,28rem)] rounded-2xl bg-white p-6 shadow-2xl"
    >
      <h2 id={`${id}-title`} className="text-secondary text-xl font-bold">
        {title}
      </h2>
      <div id={`${id}-text`} className="mt-3 flex flex-col gap-3">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="border-secondary text-secondary hover:bg-secondary-light inline-flex min-h-11 items-center rounded-full border px-5 font-semibold"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          aria-busy={pending || undefined}
          className={`inline-flex min-h-11 items-center rounded-full px-5 font-semibold text-white disabled:opacity-70 ${danger ? 'bg-red-700 hover:bg-red-800' : 'bg-secondary hover:bg-secondary-dark'}`}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
