'use client';
import { useMemo } from 'react';
import type { SWRConfiguration } from 'swr';
import { useApi } from '@/lib/client/use-api';

/**
 * SWR's configuration on member screens: one fetcher for every hook (keys are API paths under
 * /api/user/v1), which answers the envelope's `data` or throws an ApiError with the translated
 * message (lib/client/api.ts); a refusal is not retried (focus and reconnection still reload).
 */
const noFallback = {};

export function useMemberSwr(fallback: Record<string, unknown> = noFallback): SWRConfiguration {
  const api = useApi();
  return useMemo(
    () => ({ fetcher: (path: string) => api(path), fallback, shouldRetryOnError: false }),
    [api, fallback],
  );
}
