'use client';
import dynamic from 'next/dynamic';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { apiFetch, ApiError } from '@/lib/client/api';
import type { NearbyType } from '@/lib/domain';
import type { NearbyAnswer } from '@/lib/schemas/nearby';
import { ControlsView } from './controls-view';
import type { MapViewProps } from './map-view';
import type { NearbyProps } from './nearby';
import { offerView, summaryLine, type GeolocationFailure, type NearbyPlace } from './offer-view';
import { MapNote, NearbyLayout, ResultsView } from './results-view';

// autour-de-moi once interactive: where to look (the visitor's position, or a city of the gazetteer as
// the fallback), the radius and type filters, the list, and the map. The map module is fetched only
// when the browser can draw WebGL, and never on the server.

const MaplibreMap = dynamic<MapViewProps>(() => import('./map-maplibre'), { ssr: false });
const MapboxMap = dynamic<MapViewProps>(() => import('./map-mapbox'), { ssr: false });

type Suggestion = { id: number; name: string; country: string; lat: number; lng: number };
type Geo = { state: 'idle' | 'locating' | 'located' } | { state: 'failed'; failure: GeolocationFailure };
type MapState = 'waiting' | 'loading' | 'ready' | 'unavailable' | 'failed';

const subscribeNothing = () => () => {};
/** The browser's time zone for the dates, if it can be read. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function canDrawWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    // Browsers keep a few contexts at a time: give this one back for the map's.
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return Boolean(gl);
  } catch {
    return false;
  }
}

/** GeolocationPositionError codes. */
const failureOf: Record<number, GeolocationFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

type Search = { place: NearbyPlace; radius: number; type: NearbyType };
const queryOf = ({ place, radius, type }: Search) => `lat=${place.lat}&lng=${place.lng}&radius=${radius}&type=${type}`;

export default function NearbyLive({
  locale,
  texts,
  settings,
  initial,
  map,
  present,
}: NearbyProps & { present: boolean }) {
  const { prefix } = settings;
  // What the visitor asks for (the controls), and what the list and the map show (the last answer).
  const [wanted, setWanted] = useState<Search>({ place: initial.place, radius: initial.radius, type: initial.type });
  const [shown, setShown] = useState<{ search: Search; key: string; answer: NearbyAnswer | null }>(() => ({
    search: wanted,
    key: queryOf(wanted),
    answer: null,
  }));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [geo, setGeo] = useState<Geo>({ state: 'idle' });
  const [city, setCity] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [cityError, setCityError] = useState<string | null>(null);
  const [drawn, setDrawn] = useState<'ready' | 'failed' | null>(null);
  const cityInput = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  // Africa/Tunis when the browser's time zone cannot be read (specification, section 9).
  const timeZone = useSyncExternalStore(subscribeNothing, browserTimeZone, () => undefined) ?? settings.timeZone;

  // The map module (about 450 kB with its worker, and much main-thread work to start, a WebGL context
  // first) waits for someone at the page (`present`, ./nearby.tsx). Without WebGL, the list stays
  // alone, and the map's box says why.
  const webGl = useMemo(() => (present ? canDrawWebGl() : undefined), [present]);
  const mapState: MapState = webGl === undefined ? 'waiting' : !webGl ? 'unavailable' : (drawn ?? 'loading');

  // The first HTML holds the offers around the default place; any other search asks the API.
  const query = queryOf(wanted);
  const busy = query !== shown.key;
  useEffect(() => {
    if (!busy) return;
    const request = ++latest.current;
    apiFetch<NearbyAnswer>(`nearby?${query}`, { locale: prefix, networkMessage: texts.network })
      .then((answer) => {
        if (request !== latest.current) return;
        setShown({ search: wanted, key: query, answer });
        setLoadError(null);
      })
      .catch((error: unknown) => {
        if (request === latest.current) setLoadError(error instanceof ApiError ? error.message : texts.network);
      });
  }, [busy, query, wanted, prefix, texts.network]);

  const { answer } = shown;
  const offers = useMemo(
    () =>
      answer ? answer.items.map((offer) => offerView(offer, texts, locale, timeZone, settings.hrefs)) : initial.views,
    [answer, initial.views, texts, locale, timeZone, settings.hrefs],
  );
  const more = answer ? answer.more : initial.more;
  const setPlace = (place: NearbyPlace) => setWanted((w) => ({ ...w, place }));

  function fail(failure: GeolocationFailure) {
    setGeo({ state: 'failed', failure });
    cityInput.current?.focus();
  }

  function locate() {
    if (!navigator.geolocation) return fail('unsupported');
    setGeo({ state: 'locating' });
    try {
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => {
          setPlace({ name: texts.myPosition, lat: coords.latitude, lng: coords.longitude });
          setGeo({ state: 'located' });
        },
        (error) => fail(failureOf[error.code] ?? 'unknown'),
        { timeout: 15_000, maximumAge: 10 * 60_000 },
      );
    } catch {
      fail('unknown');
    }
  }

  const places = (q: string) =>
    apiFetch<Suggestion[]>(`places?q=${encodeURIComponent(q)}`, { locale: prefix, networkMessage: texts.network });

  // Suggestions as the visitor types: the gazetteer answers from the server (it is too big for a page).
  useEffect(() => {
    const q = city.trim();
    if (q.length < 2) return;
    let current = true;
    const handle = setTimeout(() => {
      places(q)
        .then((found) => current && setSuggestions(found))
        .catch(() => current && setSuggestions([]));
    }, 200);
    return () => {
      current = false;
      clearTimeout(handle);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- places() depends on the page's language only
  }, [city]);

  async function chooseCity(event: FormEvent) {
    event.preventDefault();
    const q = city.trim();
    setCityError(null);
    if (!q) return setCityError(texts.cityUnknown);
    let found: Suggestion[];
    try {
      found = await places(q);
    } catch (error) {
      return setCityError(error instanceof ApiError ? error.message : texts.network);
    }
    const wanted = q.toLocaleLowerCase(locale);
    const match = found.find((s) => s.name.toLocaleLowerCase(locale) === wanted) ?? found[0];
    if (!match) return setCityError(texts.cityUnknown);
    setCity(match.name);
    setPlace({ name: match.name, lat: match.lat, lng: match.lng });
    setGeo({ state: 'idle' });
  }

  const countries = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const MapView = map.library === 'mapbox' ? MapboxMap : MaplibreMap;
  const summary = summaryLine(texts, locale, {
    type: shown.search.type,
    radius: shown.search.radius,
    place: shown.search.place.name,
    count: offers.length,
    more,
  });
  const message =
    geo.state === 'failed'
      ? { text: texts.geolocation[geo.failure], alert: true }
      : {
          text: geo.state === 'locating' ? texts.locating : geo.state === 'located' ? texts.located : '',
          alert: false,
        };

  return (
    <NearbyLayout
      controls={
        <ControlsView
          texts={texts}
          settings={settings}
          locale={locale}
          radius={wanted.radius}
          type={wanted.type}
          city={city}
          suggestions={suggestions}
          countryName={(code) => countries.of(code)}
          locating={geo.state === 'locating'}
          message={message}
          cityError={cityError}
          cityInput={cityInput}
          on={{
            locate,
            city: setCity,
            chooseCity,
            radius: (radius) => setWanted((w) => ({ ...w, radius })),
            type: (type) => setWanted((w) => ({ ...w, type })),
          }}
        />
      }
      results={
        <ResultsView
          title={texts.listTitle}
          summary={summary}
          busy={busy}
          alert={
            loadError ? (
              <p role="alert" className="text-sm font-semibold text-red-800">
                {loadError}
              </p>
            ) : null
          }
          offers={offers}
          empty={texts.empty}
          map={
            <>
              {mapState !== 'ready' ? (
                <MapNote
                  role="status"
                  text={
                    mapState === 'unavailable'
                      ? texts.mapUnavailable
                      : mapState === 'failed'
                        ? texts.mapFailed
                        : texts.mapLoading
                  }
                />
              ) : null}
              {mapState === 'loading' || mapState === 'ready' ? (
                <MapView
                  settings={map}
                  centre={shown.search.place}
                  radiusKm={shown.search.radius}
                  offers={offers}
                  texts={texts}
                  rtl={settings.rtl}
                  onReady={() => setDrawn('ready')}
                  onFail={() => setDrawn('failed')}
                />
              ) : null}
            </>
          }
        />
      }
    />
  );
}
