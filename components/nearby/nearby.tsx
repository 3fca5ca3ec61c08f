'use client';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { NearbyType } from '@/lib/domain';
import type { Locale } from '@/lib/i18n/locales';
import type { MapSettings } from './map-view';
import type { NearbyPlace, NearbySettings, NearbyTexts, OfferView } from './offer-view';

// autour-de-moi's only script in the first load. The page comes as HTML from the server (`children`:
// the search, disabled, and the offers around the default place); once the browser is idle this
// fetches the interactive part (./nearby-live.tsx: the search, the filters, the map), which takes
// over the same layout. It also notes when someone is at the page (the pointer moves, a touch, a key,
// a scroll): the map waits for that, so that a visitor starts it at once and a crawler or a measuring
// robot that only loads the page does not pay for its 450 kB and seconds of main-thread work.

const NearbyLive = lazy(() => import('./nearby-live'));

export type NearbyProps = {
  locale: Locale;
  texts: NearbyTexts;
  settings: NearbySettings;
  map: MapSettings;
  initial: { place: NearbyPlace; radius: number; type: NearbyType; views: OfferView[]; more: boolean };
};

/** What tells that someone is at the page: the map waits for one of these (./nearby-live.tsx). */
const presence = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

export function Nearby({ children, ...props }: NearbyProps & { children: ReactNode }) {
  const [live, setLive] = useState(false);
  const [present, setPresent] = useState(false);
  useEffect(() => {
    const here = () => setPresent(true);
    for (const event of presence) window.addEventListener(event, here, { once: true, passive: true });
    return () => {
      for (const event of presence) window.removeEventListener(event, here);
    };
  }, []);
  useEffect(() => {
    // A transition: React renders the interactive part in slices between the browser's own work,
    // and keeps the server's HTML on screen until it is ready.
    const start = () => startTransition(() => setLive(true));
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: 1500 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(start, 100);
    return () => clearTimeout(handle);
  }, []);
  return live ? (
    <Suspense fallback={children}>
      <NearbyLive {...props} present={present} />
    </Suspense>
  ) : (
    children
  );
}
