'use client';
import { useCallback } from 'react';
import { useApi } from '@/lib/client/use-api';

/**
 * The one fetcher of member screens' SWR hooks (keys are API paths under /api/user/v1): the answer's
 * `data`, or an ApiError with the translated message (lib/client/api.ts).
 */
export function useFetcher() {
  const api = useApi();
  return useCallback(<T>(path: string) => api<T>(path), [api]);
}
