'use client';
import { createContext, useContext, type ReactNode } from 'react';
import type { ErrorTexts } from '@/lib/i18n/error-texts';
import type { Prefix } from '@/lib/i18n/locales';

// The error page's texts come from the layout, as the 404 page's do (./not-found-texts.tsx): public
// pages ship no message catalogue, and an error boundary renders inside the layout that has them.

const Context = createContext<{ prefix: Prefix; texts: ErrorTexts } | null>(null);

export function ErrorTextsProvider({
  prefix,
  texts,
  children,
}: {
  prefix: Prefix;
  texts: ErrorTexts;
  children: ReactNode;
}) {
  return <Context.Provider value={{ prefix, texts }}>{children}</Context.Provider>;
}

export function useErrorTexts() {
  const value = useContext(Context);
  if (!value) throw new Error('ErrorTextsProvider missing');
  return value;
}

/** A page that failed to render: what happened, a retry button, and a way home. */
export function ErrorPage({ texts, homeHref, retry }: { texts: ErrorTexts; homeHref: string; retry: () => void }) {
  return (
    <section className="prose-page py-20 text-center">
      <h1 className="text-secondary text-3xl font-bold">{texts.title}</h1>
      <p className="text-muted mt-4 text-lg">{texts.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={retry}
          className="bg-secondary hover:bg-secondary-dark rounded-full px-5 py-3 font-semibold text-white"
        >
          {texts.retry}
        </button>
        <a
          href={homeHref}
          className="border-secondary text-secondary hover:bg-secondary-light rounded-full border px-5 py-3 font-semibold"
        >
          {texts.home}
        </a>
      </div>
    </section>
  );
}
