'use client';
import { useEffect } from 'react';

/**
 * Closes an open header menu (a <details data-menu>) on a click elsewhere or on Escape. Rendered once
 * per page, in the header: it also marks the document once the page is hydrated (`data-hydrated`),
 * which the browser tests wait for, since a public page starts its scripts after its first paint
 * (scripts/defer-bootstrap.mjs, tests/e2e/fixtures.ts).
 */
export function MenuCloser() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
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
