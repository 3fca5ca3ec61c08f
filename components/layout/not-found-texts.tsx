'use client';
import { createContext, useContext, type ReactNode } from 'react';
import type { Prefix } from '@/lib/i18n/locales';

// The 404 page's texts come from the layout: a not-found boundary may render before the layout
// has set the request's locale, and reading it from the headers would make cached pages dynamic.

export type NotFoundTexts = { title: string; text: string; home: string; parcels: string; trips: string; faq: string };

const Context = createContext<{ prefix: Prefix; texts: NotFoundTexts } | null>(null);

export function NotFoundTextsProvider({
  prefix,
  texts,
  children,
}: {
  prefix: Prefix;
  texts: NotFoundTexts;
  children: ReactNode;
}) {
  return <Context.Provider value={{ prefix, texts }}>{children}</Context.Provider>;
}

export function useNotFoundTexts() {
  const value = useContext(Context);
  if (!value) throw new Error('NotFoundTextsProvider missing');
  return value;
}
