'use client';
import Map, { Layer, NavigationControl, Source } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import { mapLibreWorkerPath } from '@/lib/map-style.mjs';
import { OfferMap, radiusFill, radiusLine, type MapViewProps } from './map-view';

// The map drawn by MapLibre GL (BSD), the default: no account, a key-free style (lib/map-style.mjs).
// MapLibre's worker is its own module file, served from public/ (scripts/copy-map-worker.mjs).

export default function MaplibreView(props: MapViewProps) {
  return (
    <OfferMap
      {...props}
      renderMap={(map, events, radius) => (
        <Map {...map} workerUrl={mapLibreWorkerPath} attributionControl={{ compact: true }} {...events}>
          <Source id="radius" type="geojson" data={radius}>
            <Layer {...radiusFill} />
            <Layer {...radiusLine} />
          </Source>
          <NavigationControl position={props.rtl ? 'top-left' : 'top-right'} showCompass={false} />
        </Map>
      )}
    />
  );
}
