/** @jest-environment node */
import { mapboxStyle, mapLibreWorkerPath, mapOrigins, mapSettings, openFreeMapStyle } from '@/lib/map-style.mjs';
import { securityHeaders } from '@/lib/server/http/security-headers.mjs';

// Which library draws the map of autour-de-moi, from which style, and where that page may fetch from.

it.each([
  [{}, { library: 'maplibre', styleUrl: openFreeMapStyle }, ['https://tiles.openfreemap.org']],
  [{ styleUrl: ' ' }, { library: 'maplibre', styleUrl: openFreeMapStyle }, ['https://tiles.openfreemap.org']],
  [{ styleUrl: '/map/style.json' }, { library: 'maplibre', styleUrl: '/map/style.json' }, []],
  [
    { styleUrl: 'http://localhost:3102/style.json' },
    { library: 'maplibre', styleUrl: 'http://localhost:3102/style.json' },
    ['http://localhost:3102'],
  ],
  [
    { mapboxToken: 'pk.abc' },
    { library: 'mapbox', styleUrl: mapboxStyle, mapboxToken: 'pk.abc' },
    ['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com'],
  ],
])('%j → %j, fetching from %j', (config, settings, origins) => {
  expect(mapSettings(config)).toEqual(settings);
  expect(mapOrigins(config)).toEqual(origins);
});

it('only the map page and the map worker may fetch from the map host, and only the map page may ask for the position', () => {
  const mapOriginsHere = ['https://tiles.openfreemap.org'];
  const headers = (path: string) => securityHeaders({ https: false, path, mapOrigins: mapOriginsHere });
  for (const path of ['/fr/autour-de-moi', '/tn/autour-de-moi?x=1']) {
    expect(headers(path)['content-security-policy']).toContain("connect-src 'self' https://tiles.openfreemap.org;");
    expect(headers(path)['permissions-policy']).toContain('geolocation=(self)');
  }
  expect(headers(mapLibreWorkerPath)['content-security-policy']).toContain(
    "connect-src 'self' https://tiles.openfreemap.org;",
  );
  expect(headers(mapLibreWorkerPath)['permissions-policy']).toContain('geolocation=()');
  for (const path of ['/fr/colis', '/fr/autour-de-moi-bis', '/autour-de-moi']) {
    expect(headers(path)['content-security-policy']).toContain("connect-src 'self';");
    expect(headers(path)['permissions-policy']).toContain('geolocation=()');
  }
});
