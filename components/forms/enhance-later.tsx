'use client';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** What the visitor typed in the server's copy of a form before its live part came, by field name. */
export type TypedValues = Record<string, string>;

/** The prop a live part gets beside its own: its props are declared as `Props & Typed`. */
export type Typed = { typed: TypedValues };

type Focus = { id: string; start: number | null; end: number | null };
type Carry = { typed: TypedValues; focus: Focus | null; taken: boolean };

/**
 * A form whose page comes with only this in its first-load script. The server renders the form
 * (`children`: a plain HTML form, usable as it is); the live part (its state, its checks, its
 * requests, and the libraries they need) is fetched when the browser is idle or when the visitor
 * reaches the form, whichever comes first, and takes the form's place with what was typed in it
 * and the focus where it was. autour-de-moi does the same for its map (components/nearby/nearby.tsx).
 *
 * `load` must be an `import()` of the live part's module, written where it is called, so that the
 * bundler makes that module a chunk of its own. `live` holds the live part's props but `typed`.
 */
export function enhanceLater<P extends object>(load: () => Promise<ComponentType<P & Typed>>) {
  return function EnhanceLater({ live: props, children }: { live: P; children: ReactNode }) {
    const box = useRef<HTMLDivElement>(null);
    const [live, setLive] = useState<{ Live: ComponentType<P & Typed>; carry: Carry } | null>(null);

    useEffect(() => {
      const element = box.current;
      if (!element) return;
      let started = false;
      let cancelled = false;
      // What the visitor typed and where the focus is, noted again at each key until the live part
      // has taken them (its render and the swap run in one task, after any key pressed before it).
      const carry: Carry = { typed: {}, focus: null, taken: false };
      const note = () => {
        if (carry.taken) return;
        carry.typed = typedIn(element);
        carry.focus = focusIn(element);
      };
      const start = () => {
        if (started) return;
        started = true;
        void load().then((Live) => {
          if (cancelled) return;
          note();
          setLive({ Live, carry });
        });
      };
      const reached = ['focusin', 'pointerdown'] as const;
      const typing = ['input', 'focusin'] as const;
      for (const event of reached) element.addEventListener(event, start, { once: true });
      for (const event of typing) element.addEventListener(event, note);
      let stopIdle: () => void;
      if ('requestIdleCallback' in window) {
        const handle = window.requestIdleCallback(start, { timeout: 2000 });
        stopIdle = () => window.cancelIdleCallback(handle);
      } else {
        const handle = setTimeout(start, 200);
        stopIdle = () => clearTimeout(handle);
      }
      return () => {
        cancelled = true;
        for (const event of reached) element.removeEventListener(event, start);
        for (const event of typing) element.removeEventListener(event, note);
        stopIdle();
      };
    }, []);

    // The live form is new markup: the field the visitor was in gets the focus (and the caret) back.
    useEffect(() => {
      if (!live) return;
      const { focus } = live.carry;
      live.carry.taken = true;
      if (!focus) return;
      const field = document.getElementById(focus.id);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      field.focus();
      try {
        field.setSelectionRange(focus.start, focus.end);
      } catch {
        // Number fields have no selection.
      }
    }, [live]);

    return (
      <div ref={box} className="contents">
        {live ? <live.Live {...props} typed={live.carry.typed} /> : children}
      </div>
    );
  };
}

function typedIn(element: HTMLElement): TypedValues {
  const typed: TypedValues = {};
  for (const form of element.querySelectorAll('form'))
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') typed[name] = value;
  return typed;
}

function focusIn(element: HTMLElement): Focus | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) return null;
  if (!active.id || !element.contains(active)) return null;
  let start: number | null = null;
  let end: number | null = null;
  try {
    start = active.selectionStart;
    end = active.selectionEnd;
  } catch {
    // Number fields have no selection.
  }
  return { id: active.id, start, end };
}
