#!/usr/bin/env node
// `npm start`: build when needed, prepare the database, then serve (CONTRACT.md "Commands").
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, '.next', 'colibri-build-stamp');

// A build bakes in SITE_URL (canonical links, sitemap) and the sources: rebuild when either changed.
function buildStamp() {
  const hash = createHash('sha256');
  hash.update(process.env.SITE_URL ?? '');
  hash.update(process.env.NEXT_PUBLIC_MAPBOX_TOKEN ?? '');
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' });
  hash.update(head.stdout ?? '');
  hash.update(dirty.stdout ?? '');
  return hash.digest('hex');
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Pages and queries cached at request time live in .next and come from one database: a server
// started on another database (a test run's fresh DATA_DIR) must not serve them, so it rebuilds.
const dataFile = path.join(root, '.next', 'colibri-data-stamp');
const dataStamp = process.env.DATABASE_URL || path.resolve(process.env.DATA_DIR || '.data');

const stamp = buildStamp();
const built =
  existsSync(path.join(root, '.next', 'BUILD_ID')) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8') === stamp;
const sameData = existsSync(dataFile) && readFileSync(dataFile, 'utf8') === dataStamp;
if (!built || !sameData || process.env.FORCE_BUILD === '1') {
  console.log('> Building Colibri (production)...');
  rmSync(path.join(root, '.next', 'cache', 'fetch-cache'), { recursive: true, force: true });
  run('npm', ['run', '--silent', 'build']);
  writeFileSync(stampFile, stamp);
}
writeFileSync(dataFile, dataStamp);

const port = process.env.PORT ?? '3000';
const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: port },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
