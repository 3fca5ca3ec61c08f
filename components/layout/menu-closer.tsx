'use client';
import { useEffect } from 'react';

/** Closes an open header menu (a <details data-menu>) on a click elsewhere or on Escape. */
export function MenuCloser() {
  useEffect(() => {
    const closeAll = (except?: Element | null) => {
      document.querySelectorAll('details[data-menu][open]').forEach((menu) => {
        if (menu !== except) menu.removeAttribute('open');
      });
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      const menu = target?.closest('details[data-menu]');
      closeAll(target?.closest('a') ? null : menu);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const open = document.querySelector('details[data-menu][open]');
      if (!open) return;
      closeAll();
      open.querySelector('summary')?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return null;
}
