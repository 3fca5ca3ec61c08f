#!/usr/bin/env node
// The counting script of public pages (lib/beacon.mjs): web-vitals' own browser build and the page's
// side, written into public/beacon.js before a build or the development server. Generated, not committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beaconFile, beaconScript } from '../lib/beacon.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
// The package exports no package.json: its CommonJS build's folder holds the IIFE build too.
const webVitals = path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js');
const target = path.join(root, 'public', beaconFile);
const text = beaconScript(readFileSync(webVitals, 'utf8'));

let same = false;
try {
  same = readFileSync(target, 'utf8') === text;
} catch {
  // not written yet
}
if (!same) writeFileSync(target, text);
