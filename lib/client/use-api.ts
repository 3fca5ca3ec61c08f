'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { apiFetch, apiUpload } from './api';

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

/** apiUpload (one photo) bound the same way. */
export function useUpload() {
  const locale = useLocale();
  const t = useTranslations('Errors');
  return useCallback(
    <T>(path: string, file: File) => apiUpload<T>(path, file, { locale, networkMessage: t('NETWORK') }),
    [locale, t],
  );
}
