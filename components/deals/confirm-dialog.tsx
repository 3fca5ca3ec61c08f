'use client';
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';

type Props = {
  open: boolean;
  title: string;
  text: string;
  /** A step that ends something (decline, cancel): the confirm button says so in red. */
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A confirmation before a step of a deal: a modal dialog (focus kept inside, Escape closes). */
export function ConfirmDialog({ open, title, text, danger, pending, onConfirm, onClose }: Props) {
  const t = useTranslations('Deal');
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-black/45" />
      <DialogPanel className="text-ink relative w-full max-w-sm rounded-2xl bg-white p-6 shadow-2xl">
        <DialogTitle className="text-secondary text-xl font-bold">{title}</DialogTitle>
        <Description className="mt-3">{text}</Description>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="border-secondary text-secondary hover:bg-secondary-light min-h-11 rounded-full border px-5 font-semibold"
          >
            {t('confirmNo')}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={pending}
            className={`min-h-11 rounded-full px-5 font-semibold text-white disabled:opacity-60 ${danger ? 'bg-red-700 hover:bg-red-800' : 'bg-secondary hover:bg-secondary-dark'}`}
          >
            {t('confirmYes')}
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
