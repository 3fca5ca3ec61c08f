'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { apiFetch } from './api';

/** apiFetch bound to the page's language and its translated network error. */
export function useApi() {
  const locale = useLocale();
  const t = useTranslations('Errors');
  return useCallback(
    <T>(path: string, body?: unknown, method?: string) =>
      apiFetch<T>(path, { body, method, locale, networkMessage: t('NETWORK') }),
    [locale, t],
  );
}
