import type { ReactNode } from 'react';
import { OfferList } from './offer-list';
import type { OfferView } from './offer-view';

// The layout of autour-de-moi, the same in the server's HTML and once interactive (./nearby-live.tsx):
// the search above; the map, and the offers as a list beside it (under it on a phone).

/** The page's element ids: one search per page. */
export const nearbyIds = {
  search: 'nearby-search',
  list: 'nearby-list',
  city: 'nearby-city',
  cities: 'nearby-cities',
  cityError: 'nearby-city-error',
} as const;

export function NearbyLayout({ controls, results }: { controls: ReactNode; results: ReactNode }) {
  return (
    <div className="container-page flex flex-col gap-5 py-6">
      {controls}
      {results}
    </div>
  );
}

export function ResultsView({
  title,
  summary,
  busy = false,
  alert,
  offers,
  empty,
  map,
}: {
  title: string;
  summary: string;
  /** A new search is on its way. */
  busy?: boolean;
  alert?: ReactNode;
  offers: OfferView[];
  empty: string;
  map: ReactNode;
}) {
  return (
    <div className="grid gap-5 lg:grid-cols-5">
      {/* Below the sticky header (two rows, 6.75rem on a desktop), the map stays beside the list. */}
      <div className="lg:sticky lg:top-[7.75rem] lg:order-last lg:col-span-3 lg:self-start">
        <div className="bg-secondary-light relative h-[55vh] min-h-72 overflow-hidden rounded-2xl lg:h-[calc(100dvh-9.5rem)]">
          {map}
        </div>
      </div>
      <section
        aria-labelledby={nearbyIds.list}
        aria-busy={busy || undefined}
        className="flex flex-col gap-3 lg:col-span-2"
      >
        <h2 id={nearbyIds.list} className="text-secondary text-xl font-bold">
          {title}
        </h2>
        <p aria-live="polite" className="text-sm font-semibold">
          {summary}
        </p>
        {alert}
        {offers.length ? (
          <OfferList offers={offers} />
        ) : (
          <p className="rounded-2xl border border-dashed border-neutral-300 p-6 text-center">{empty}</p>
        )}
      </section>
    </div>
  );
}

/** The map's box in the server's HTML: loading with script; without, why there is no map. */
export function StaticMapNote({ loading, noScript }: { loading: string; noScript: string }) {
  return (
    <>
      <span className="[@media(scripting:none)]:hidden">
        <MapNote text={loading} />
      </span>
      <noscript>
        <MapNote text={noScript} />
      </noscript>
    </>
  );
}

/** What the map's box says while there is no map: loading, or why not. */
export function MapNote({ text, role }: { text: string; role?: 'status' }) {
  return (
    <p role={role} className="text-muted absolute inset-0 grid place-items-center p-6 text-center text-sm">
      {text}
    </p>
  );
}
