#!/usr/bin/env node
// `npm run build`: the production build, then sitemap.xml and robots.txt (next-sitemap, under tsx so
// that its config reads the site's own tables), then the stamp that tells `npm start` the build is current.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { currentStamp, root, writeStamp } from './build-stamp.mjs';

const stamp = currentStamp();
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// Sitemap files an older build wrote in public/ (sitemap.xml is a route now: Next refuses a public file beside it).
for (const name of readdirSync(path.join(root, 'public')))
  if (/^sitemap.*\.xml$/.test(name)) rmSync(path.join(root, 'public', name));
run(process.execPath, [`${root}/scripts/copy-map-worker.mjs`]);
run(process.execPath, [`${root}/scripts/copy-beacon.mjs`]);
run(process.execPath, [`${root}/node_modules/next/dist/bin/next`, 'build']);
run(process.execPath, [
  '--import',
  'tsx',
  `${root}/node_modules/next-sitemap/bin/next-sitemap.mjs`,
  '--config',
  'next-sitemap.config.mjs',
]);
writeStamp(stamp);
