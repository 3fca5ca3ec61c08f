// What a production build is made of: the sources it compiles and the variables it bakes in.
// `npm run build` writes this stamp into .next; `npm start` builds again only when it differs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, '.next', 'colibri-build-stamp');

// Everything the build reads; tests, docs and scripts are not part of it.
const inputs = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'next-sitemap.config.mjs',
  'postcss.config.mjs',
  'tsconfig.json',
  'package-lock.json',
];
// Written by the build or by tools, never read by it (also in .gitignore).
const generated = /^public\/(sitemap.*\.xml|robots\.txt|bench-page-copy\.html|maplibre-gl-worker\.mjs|beacon\.js)$/;

function walk(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full).flatMap((name) => walk(path.posix.join(relative, name)));
}

/** The build's input files: git's view of them (tracked or new, not ignored) in a checkout, else a walk. */
function inputFiles() {
  const git = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...inputs], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = git.status === 0 ? git.stdout.split('\0').filter(Boolean) : inputs.flatMap(walk);
  return [...new Set(files)].filter((file) => !generated.test(file) && existsSync(path.join(root, file))).sort();
}

export function currentStamp() {
  const hash = createHash('sha256');
  // The value the build uses (lib/env.ts's default when unset), so that unset and the default are one build.
  const siteUrl = (process.env.SITE_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, '');
  hash.update(`SITE_URL=${siteUrl}\nNEXT_PUBLIC_MAPBOX_TOKEN=${process.env.NEXT_PUBLIC_MAPBOX_TOKEN ?? ''}\n`);
  for (const file of inputFiles()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

export function isBuilt(stamp = currentStamp()) {
  return (
    existsSync(path.join(root, '.next', 'BUILD_ID')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === stamp
  );
}

export function writeStamp(stamp) {
  writeFileSync(stampFile, stamp);
}
