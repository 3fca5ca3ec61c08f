'use client';
import Supercluster from 'supercluster';
import { Component, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ArrowIcon, CloseIcon } from '@/components/ui/icons';
import { fill } from '@/lib/intl-format';
import type { NearbyPlace, NearbyTexts, OfferView } from './offer-view';

// The map of autour-de-moi, whichever library draws it (./map-maplibre.tsx, ./map-mapbox.tsx): the
// search's centre and radius, the offers as markers grouped when close (supercluster), and a card
// with links to the listings under a marker. Loaded by ./nearby-live.tsx once the page is
// interactive; never part of the first load.
//
// The markers are buttons laid over the map here, placed with the map's own projection, rather than
// react-map-gl's <Marker> and <Popup>: those render through react-dom's portals, and a page chunk
// importing react-dom makes Turbopack split the framework's shared chunks again, which costs every
// page of the site about 0.6 kB of first-load JavaScript.

export type MapSettings = { library: 'maplibre' | 'mapbox'; styleUrl: string; mapboxToken?: string };

export type MapViewProps = {
  settings: MapSettings;
  centre: NearbyPlace;
  radiusKm: number;
  offers: OfferView[];
  texts: NearbyTexts;
  /** The page is right to left: the zoom buttons go to the other corner. */
  rtl: boolean;
  onReady: () => void;
  onFail: () => void;
};

type Bounds = [[west: number, south: number], [east: number, north: number]];

/** What this file asks of a map instance: both libraries' Map classes have it. */
export type MapHandle = {
  fitBounds(bounds: Bounds, options?: { padding?: number; duration?: number }): unknown;
  easeTo(options: { center: [number, number]; zoom: number; duration?: number }): unknown;
  getZoom(): number;
  getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number } | null;
  project(lngLat: [number, number]): { x: number; y: number };
};

/** What the library's <Map> gets, whichever it is. */
export type CommonMapProps = {
  initialViewState: { bounds: Bounds; fitBoundsOptions: { padding: number } };
  mapStyle: string;
  style: { position: 'absolute'; inset: number };
  maxZoom: number;
  dragRotate: boolean;
  touchPitch: boolean;
  locale: Record<string, string>;
};

/** The <Map> events this file listens to, as both libraries give them. */
export type MapEvents = {
  onLoad: (event: { target: MapHandle }) => void;
  onMove: () => void;
  onMoveEnd: (event: { target: MapHandle }) => void;
  onError: (event: { error: unknown }) => void;
};

/** The search's radius, drawn by either library's <Layer>: a light fill and its outline. */
export const radiusFill = {
  id: 'radius-fill',
  type: 'fill',
  paint: { 'fill-color': '#3b5173', 'fill-opacity': 0.08 },
} as const;
export const radiusLine = {
  id: 'radius-line',
  type: 'line',
  paint: { 'line-color': '#3b5173', 'line-width': 2, 'line-opacity': 0.5 },
} as const;

const CLUSTER_MAX_ZOOM = 14;
const CARD_OFFERS = 5;

function degreesAround(centre: NearbyPlace, km: number) {
  return { lat: km / 111.32, lng: km / (111.32 * Math.max(0.05, Math.cos((centre.lat * Math.PI) / 180))) };
}

/** The box around a circle of `km` around a point, for fitBounds. */
function circleBounds(centre: NearbyPlace, km: number): Bounds {
  const d = degreesAround(centre, km);
  return [
    [Math.max(-180, centre.lng - d.lng), Math.max(-85, centre.lat - d.lat)],
    [Math.min(180, centre.lng + d.lng), Math.min(85, centre.lat + d.lat)],
  ];
}

/** The radius drawn on the map: a polygon of 64 points. */
function circle(centre: NearbyPlace, km: number): GeoJSON.Feature<GeoJSON.Polygon> {
  const d = degreesAround(centre, km);
  const ring: [number, number][] = [];
  for (let i = 0; i <= 64; i++) {
    const angle = (i / 64) * 2 * Math.PI;
    ring.push([centre.lng + d.lng * Math.cos(angle), centre.lat + d.lat * Math.sin(angle)]);
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

type Card = { offers: OfferView[]; among: OfferView[] };
type PointProps = { index: number };

/** A map that fails to start (no WebGL context, a broken style) leaves the list, with a message. */
class MapBoundary extends Component<{ onFail: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
    this.props.onFail();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

type RenderMap = (map: CommonMapProps, events: MapEvents, radius: GeoJSON.Feature) => ReactNode;

export function OfferMap({ renderMap, ...props }: MapViewProps & { renderMap: RenderMap }) {
  return (
    <MapBoundary onFail={props.onFail}>
      <Offers renderMap={renderMap} {...props} />
    </MapBoundary>
  );
}

function Offers({
  renderMap,
  settings,
  centre,
  radiusKm,
  offers,
  texts,
  onReady,
  onFail,
}: MapViewProps & { renderMap: RenderMap }) {
  const [map, setMap] = useState<MapHandle | null>(null);
  const [view, setView] = useState<{ bbox: [number, number, number, number]; zoom: number } | null>(null);
  // The markers follow the map while it moves (the map sends one move event per frame it draws).
  const [, setFrame] = useState(0);
  // A card belongs to the offers it was opened on: new offers (another search) close it.
  const [opened, setCard] = useState<Card | null>(null);
  const card = opened?.among === offers ? opened : null;
  const cardRef = useRef<HTMLDivElement>(null);

  const index = useMemo(() => {
    const clusters = new Supercluster<PointProps>({ radius: 44, maxZoom: CLUSTER_MAX_ZOOM });
    clusters.load(
      offers.map((offer, i) => ({
        type: 'Feature' as const,
        properties: { index: i },
        geometry: { type: 'Point' as const, coordinates: [offer.lng, offer.lat] },
      })),
    );
    return clusters;
  }, [offers]);

  const clusters = useMemo(() => (view ? index.getClusters(view.bbox, Math.round(view.zoom)) : []), [index, view]);

  const readView = useCallback((handle: MapHandle) => {
    const b = handle.getBounds();
    if (b) setView({ bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: handle.getZoom() });
  }, []);

  const fit = useCallback(() => {
    map?.fitBounds(circleBounds(centre, radiusKm), { padding: 24, duration: reducedMotion() ? 0 : 600 });
  }, [map, centre, radiusKm]);

  // A new place or radius: the map follows (it starts on the first one).
  const target = `${centre.lat} ${centre.lng} ${radiusKm}`;
  const fittedTo = useRef(target);
  useEffect(() => {
    if (!map || fittedTo.current === target) return;
    fittedTo.current = target;
    fit();
  }, [map, target, fit]);

  useEffect(() => {
    if (card) cardRef.current?.focus();
  }, [card]);

  const [initialBounds] = useState(() => circleBounds(centre, radiusKm));
  const mapProps: CommonMapProps = {
    initialViewState: { bounds: initialBounds, fitBoundsOptions: { padding: 24 } },
    mapStyle: settings.styleUrl,
    style: { position: 'absolute', inset: 0 },
    maxZoom: 16,
    dragRotate: false,
    touchPitch: false,
    locale: {
      'Map.Title': texts.mapTitle,
      'NavigationControl.ZoomIn': texts.zoomIn,
      'NavigationControl.ZoomOut': texts.zoomOut,
      'AttributionControl.ToggleAttribution': texts.attribution,
    },
  };
  const events: MapEvents = {
    onLoad: ({ target }) => {
      setMap(target);
      readView(target);
      onReady();
    },
    onMove: () => setFrame((n) => n + 1),
    onMoveEnd: ({ target }) => readView(target),
    // A tile that fails leaves a hole; a style that fails (its file, or an error that names no file)
    // before the map is drawn leaves no map.
    onError: ({ error }) => {
      console.error(error);
      const url = error && typeof error === 'object' && 'url' in error ? String(error.url) : undefined;
      if (!map && (!url || url === new URL(settings.styleUrl, window.location.href).href)) onFail();
    },
  };

  function openCluster(id: number, longitude: number, latitude: number) {
    const leaves = index.getLeaves(id, Infinity).flatMap((leaf) => offers[leaf.properties.index] ?? []);
    const first = leaves[0];
    const onePlace = leaves.every((offer) => offer.lat === first?.lat && offer.lng === first?.lng);
    const zoom = index.getClusterExpansionZoom(id);
    if (!onePlace && zoom <= CLUSTER_MAX_ZOOM && map)
      map.easeTo({ center: [longitude, latitude], zoom, duration: reducedMotion() ? 0 : 500 });
    else setCard({ offers: leaves, among: offers });
  }

  /** Where a point is on the map's box, in pixels from its top left corner. */
  const at = (lng: number, lat: number) => {
    const { x, y } = map!.project([lng, lat]);
    return { transform: `translate(${x}px, ${y}px) translate(-50%, -50%)` };
  };

  return (
    <div className="absolute inset-0" onKeyDown={(event) => event.key === 'Escape' && setCard(null)}>
      {renderMap(mapProps, events, circle(centre, radiusKm))}
      {map ? (
        // Map pixels do not mirror: the markers' layer is laid out left to right in every language.
        <div dir="ltr" className="pointer-events-none absolute inset-0 overflow-hidden">
          <span
            role="img"
            aria-label={texts.centreMarker}
            style={at(centre.lng, centre.lat)}
            className="bg-primary ring-primary/30 absolute start-0 top-0 block size-4 rounded-full ring-8"
          />
          {clusters.map((feature) => {
            const [longitude, latitude] = feature.geometry.coordinates as [number, number];
            if ('cluster' in feature.properties && feature.properties.cluster) {
              const { cluster_id: id, point_count: count } = feature.properties;
              return (
                <button
                  key={`cluster-${id}`}
                  type="button"
                  aria-label={fill(texts.markerMany, { count })}
                  onClick={() => openCluster(id, longitude, latitude)}
                  style={at(longitude, latitude)}
                  className="bg-secondary pointer-events-auto absolute start-0 top-0 grid size-10 place-items-center rounded-full text-sm font-bold text-white shadow-md ring-2 ring-white"
                >
                  {count}
                </button>
              );
            }
            const offer = offers[(feature.properties as PointProps).index];
            if (!offer) return null;
            return (
              <button
                key={`${offer.kind}-${offer.id}`}
                type="button"
                aria-label={fill(texts.markerOne, { kind: offer.kindLabel, from: offer.from, to: offer.to })}
                onClick={() => setCard({ offers: [offer], among: offers })}
                style={at(longitude, latitude)}
                className={`pointer-events-auto absolute start-0 top-0 block size-6 rounded-full shadow-md ring-2 ring-white ${offer.kind === 'package' ? 'bg-primary-dark' : 'bg-secondary'}`}
              />
            );
          })}
        </div>
      ) : null}
      <button
        type="button"
        onClick={fit}
        className="text-secondary absolute start-2 top-2 z-10 min-h-11 rounded-full bg-white px-4 text-sm font-semibold shadow-md"
      >
        {texts.recenter}
      </button>
      {card ? (
        <div
          ref={cardRef}
          tabIndex={-1}
          className="absolute inset-x-2 bottom-8 z-10 max-h-[60%] overflow-y-auto rounded-xl bg-white p-3 shadow-lg sm:inset-x-auto sm:start-2 sm:w-80"
        >
          <OfferCard card={card} texts={texts} onClose={() => setCard(null)} />
        </div>
      ) : null}
    </div>
  );
}

function OfferCard({ card, texts, onClose }: { card: Card; texts: NearbyTexts; onClose: () => void }) {
  const shown = card.offers.slice(0, CARD_OFFERS);
  const first = card.offers[0];
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="text-secondary font-bold">
          {card.offers.length > 1 && first
            ? fill(texts.clusterTitle, { place: first.from, count: card.offers.length })
            : first?.kindLabel}
        </p>
        <button
          type="button"
          onClick={onClose}
          aria-label={texts.closeCard}
          className="text-muted -m-2 grid size-11 shrink-0 place-items-center"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <ul className="flex flex-col gap-2">
        {shown.map((offer) => (
          <li key={`${offer.kind}-${offer.id}`} className="border-t border-neutral-100 pt-2 first:border-0 first:pt-0">
            <p className="text-muted text-xs font-semibold">
              {offer.kindLabel} · {offer.distance}
            </p>
            <p className="font-bold">
              {offer.from}
              <ArrowIcon className="text-primary-dark mx-1 size-4 align-middle" />
              {offer.to}
            </p>
            <p className="text-muted text-xs">
              {offer.day}
              {offer.detail ? ` · ${offer.detail}` : ''}
            </p>
            <p className="flex items-center justify-between gap-2">
              <span className="text-secondary font-extrabold">{offer.price}</span>
              <a href={offer.href} className="text-secondary font-semibold underline">
                {texts.seeListing}
              </a>
            </p>
          </li>
        ))}
      </ul>
      {card.offers.length > shown.length ? (
        <p className="text-muted text-xs">{fill(texts.clusterMore, { count: card.offers.length - shown.length })}</p>
      ) : null}
    </div>
  );
}
