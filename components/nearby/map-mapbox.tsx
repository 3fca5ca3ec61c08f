'use client';
import Map, { Layer, NavigationControl, Source } from 'react-map-gl/mapbox';
import 'mapbox-gl/dist/mapbox-gl.css';
import { OfferMap, type MapViewProps } from './map-view';

// The map drawn by Mapbox GL, when NEXT_PUBLIC_MAPBOX_TOKEN is set (its terms and an account apply).

export default function MapboxView(props: MapViewProps) {
  return (
    <OfferMap
      {...props}
      renderMap={(map, events, radius) => (
        <Map
          {...map}
          mapboxAccessToken={props.settings.mapboxToken}
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
