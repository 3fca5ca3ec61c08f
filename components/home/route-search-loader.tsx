'use client';
import { enhanceLater } from '@/components/forms/enhance-later';

/** The home search's only script in the first load: its live part comes when the visitor reaches the form. */
export const RouteSearchLoader = enhanceLater(
  () => import('./route-search-live').then((module) => module.RouteSearchLive),
  { idle: false },
);
