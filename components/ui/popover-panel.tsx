import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

/**
 * A modal panel as a native popover: it opens from a `popoverTarget` button, closes on Escape, an
 * outside click or its close button, all without script (public pages work before hydration).
 */
export function PopoverPanel({
  id,
  title,
  closeLabel,
  width,
  children,
}: {
  id: string;
  title: string;
  closeLabel: string;
  /** The panel's width on a wide screen (it takes 92 % of a narrow one). */
  width: '26rem' | '28rem';
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-labelledby={`${id}-title`}
      className={`text-ink m-auto rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-black/45 ${width === '26rem' ? 'w-[min(92vw,26rem)]' : 'w-[min(92vw,28rem)]'}`}
    >
      <div className="flex items-start gap-4">
        <h2 id={`${id}-title`} className="text-secondary flex-1 text-xl font-bold">
          {title}
        </h2>
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          aria-label={closeLabel}
          className="hover:bg-secondary-light -m-2 rounded-md p-2"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      {children}
    </div>
  );
}
