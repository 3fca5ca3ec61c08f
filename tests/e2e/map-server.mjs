#!/usr/bin/env node
// The outside world of the map, for tests and screenshots (there is no internet here): a MapLibre
// style with a coarse coastline of Tunisia and its neighbours drawn from a few dozen points, and a
// vector tile source whose tiles are empty. Playwright starts it beside the app and points
// MAP_STYLE_URL at it (playwright.config.ts); `GET /requests` counts the tiles asked for.
//   node tests/e2e/map-server.mjs [PORT]
import http from 'node:http';

const port = Number(process.argv[2] ?? process.env.MAP_SERVER_PORT ?? 3302);
const base = `http://localhost:${port}`;

// Rough outlines (longitude, latitude): North Africa from Morocco to Libya with Tunisia's coast, Sicily.
const africa = [
  [-6, 35.8],
  [-2, 35.1],
  [1, 36.5],
  [3, 36.8],
  [5, 36.8],
  [7.5, 37],
  [8.6, 36.95],
  [9.1, 37.2],
  [9.85, 37.3],
  [10.25, 37.2],
  [10.2, 36.95],
  [10.3, 36.82],
  [10.45, 36.72],
  [10.55, 36.85],
  [10.95, 37.08],
  [11.1, 36.85],
  [10.75, 36.45],
  [10.55, 36.37],
  [10.64, 35.83],
  [10.83, 35.77],
  [11.06, 35.5],
  [11.0, 35.2],
  [10.76, 34.74],
  [10.3, 34.3],
  [10.1, 33.88],
  [10.5, 33.6],
  [11.2, 33.5],
  [11.56, 33.17],
  [12.5, 32.8],
  [15, 32.4],
  [15.5, 31.5],
  [19, 30.3],
  [20, 31],
  [20, 28],
  [-6, 28],
];
const sicily = [
  [12.4, 37.8],
  [13.3, 38.2],
  [15.6, 38.3],
  [15.1, 36.7],
  [14.3, 37.0],
  [12.6, 37.6],
  [12.4, 37.8],
];

const style = {
  version: 8,
  name: 'Colibri test style',
  sources: {
    land: {
      type: 'geojson',
      attribution: '© OpenStreetMap contributors',
      data: {
        type: 'FeatureCollection',
        features: [africa, sicily].map((ring) => ({
          type: 'Feature',
          properties: {},
          geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
        })),
      },
    },
    tiles: { type: 'vector', tiles: [`${base}/tiles/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 14 },
  },
  layers: [
    { id: 'sea', type: 'background', paint: { 'background-color': '#cfe3f3' } },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#f4f1ea' } },
    { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': '#b8c8d6', 'line-width': 1 } },
    {
      id: 'roads',
      type: 'line',
      source: 'tiles',
      'source-layer': 'transportation',
      paint: { 'line-color': '#ffffff' },
    },
  ],
};

let tileRequests = 0;
const server = http.createServer((req, res) => {
  const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
  const path = new URL(req.url ?? '/', base).pathname;
  if (path === '/style.json') {
    res.writeHead(200, { ...headers, 'content-type': 'application/json' });
    res.end(JSON.stringify(style));
  } else if (/^\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(path)) {
    tileRequests += 1;
    // An empty vector tile: no features.
    res.writeHead(200, { ...headers, 'content-type': 'application/x-protobuf' });
    res.end();
  } else if (path === '/requests') {
    res.writeHead(200, { ...headers, 'content-type': 'application/json' });
    res.end(JSON.stringify({ tiles: tileRequests }));
  } else {
    res.writeHead(404, headers);
    res.end();
  }
});
server.listen(port, () => console.log(`> map test server on ${base}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
