'use client';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useMemberSwr } from '@/lib/swr/fetcher';
import { CityNamesProvider } from './city-names';

/** What a deal screen (messaging, proposals) gets from its server component: SWR's first data and its cities' names. */
export function DealScreenData({
  fallback,
  cityNames,
  children,
}: {
  fallback: Record<string, unknown>;
  cityNames: Record<string, string>;
  children: ReactNode;
}) {
  const swr = useMemberSwr(fallback);
  return (
    <SWRConfig value={swr}>
      <CityNamesProvider names={cityNames}>{children}</CityNamesProvider>
    </SWRConfig>
  );
}
