#!/usr/bin/env node
// `npm start`: build when the sources or the baked-in variables changed since the last build, then
// serve (CONTRACT.md "Commands"). The database is prepared by the server itself (instrumentation.ts).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { isBuilt, root } from './build-stamp.mjs';

if (!isBuilt() || process.env.FORCE_BUILD === '1') {
  console.log('> Building Colibri (production)...');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  console.log('> The build is current: no build');
}

const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
