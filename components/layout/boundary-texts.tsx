'use client';
import { createContext, useContext, type ReactNode } from 'react';
import type { ErrorTexts } from '@/lib/i18n/error-texts';
import type { Prefix } from '@/lib/i18n/locales';

// The 404 and error pages' texts come from the layout: public pages ship no message catalogue, a
// not-found boundary may render before the layout has set the request's locale, and reading it from
// the headers would make cached pages dynamic.

export type NotFoundTexts = {
  metaTitle: string;
  title: string;
  text: string;
  home: string;
  parcels: string;
  trips: string;
  faq: string;
};

type BoundaryTexts = { prefix: Prefix; notFound: NotFoundTexts; error: ErrorTexts };

const Context = createContext<BoundaryTexts | null>(null);

export function BoundaryTextsProvider({ children, ...texts }: BoundaryTexts & { children: ReactNode }) {
  return <Context.Provider value={texts}>{children}</Context.Provider>;
}

function useBoundaryTexts(): BoundaryTexts {
  const value = useContext(Context);
  if (!value) throw new Error('BoundaryTextsProvider missing');
  return value;
}

export function useNotFoundTexts() {
  const { prefix, notFound } = useBoundaryTexts();
  return { prefix, texts: notFound };
}

export function useErrorTexts() {
  const { prefix, error } = useBoundaryTexts();
  return { prefix, texts: error };
}
