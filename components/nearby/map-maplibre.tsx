'use client';
import Map, { Layer, NavigationControl, Source } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import { mapLibreWorkerPath } from '@/lib/map-style.mjs';
import { OfferMap, type MapViewProps } from './map-view';

// The map drawn by MapLibre GL (BSD), the default: no account, a key-free style (lib/map-style.mjs).
// MapLibre's worker is its own module file, served from public/ (scripts/copy-map-worker.mjs).

export default function MaplibreView(props: MapViewProps) {
  return (
    <OfferMap
      {...props}
      renderMap={(map, events, radius) => (
        <Map
          {...map}
          workerUrl={mapLibreWorkerPath}
          attributionControl={{ compact: true }}
          onLoad={(event) => events.onLoad(event.target)}
          onMove={events.onMove}
          onMoveEnd={(event) => events.onMoveEnd(event.target)}
          onError={(event) => events.onError(event.error)}
        >
          <Source id="radius" type="geojson" data={radius}>
            <Layer id="radius-fill" type="fill" paint={{ 'fill-color': '#3b5173', 'fill-opacity': 0.08 }} />
            <Layer
              id="radius-line"
              type="line"
              paint={{ 'line-color': '#3b5173', 'line-width': 2, 'line-opacity': 0.5 }}
            />
          </Source>
          <NavigationControl position={props.rtl ? 'top-left' : 'top-right'} showCompass={false} />
        </Map>
      )}
    />
  );
}
