#!/usr/bin/env node
// MapLibre GL 6 runs its worker from a module file next to its own (import.meta.url), which a bundle
// moves: the page names the worker's URL instead (components/nearby/map-maplibre.tsx), and this
// copies the file into public/ before a build or the development server. Generated, not committed.
import { copyFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { mapLibreWorkerPath } from '../lib/map-style.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const source = path.join(path.dirname(require.resolve('maplibre-gl/package.json')), 'dist', 'maplibre-gl-worker.mjs');
const target = path.join(root, 'public', mapLibreWorkerPath);

let same = false;
try {
  same = readFileSync(source).equals(readFileSync(target));
} catch {
  // not copied yet
}
if (!same) copyFileSync(source, target);
