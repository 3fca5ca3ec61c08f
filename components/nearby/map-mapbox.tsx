'use client';
import Map, { Layer, NavigationControl, Source } from 'react-map-gl/mapbox';
import 'mapbox-gl/dist/mapbox-gl.css';
import { OfferMap, radiusFill, radiusLine, type MapViewProps } from './map-view';

// The map drawn by Mapbox GL, when NEXT_PUBLIC_MAPBOX_TOKEN is set (its terms and an account apply).

export default function MapboxView(props: MapViewProps) {
  return (
    <OfferMap
      {...props}
      renderMap={(map, events, radius) => (
        <Map {...map} mapboxAccessToken={props.settings.mapboxToken} {...events}>
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
