// A throwaway PostgreSQL 15 server for tests: initdb and pg_ctl as the `postgres` user (the server
// refuses root), in a temporary directory it owns, on a free port of 127.0.0.1.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

function binDir() {
  for (const dir of [
    process.env.PG_BIN,
    '/usr/lib/postgresql/15/bin',
    '/usr/lib/postgresql/16/bin',
    '/usr/lib/postgresql/17/bin',
  ]) {
    if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  }
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (found.status === 0 && existsSync(path.join(found.stdout.trim(), 'initdb'))) return found.stdout.trim();
  throw new Error('PostgreSQL server binaries not found (apt-get install postgresql-15)');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** @param {{ port?: number }} [options] a port of 127.0.0.1; else PG_PORT, else any free one */
export async function startPostgres({ port: wanted } = {}) {
  const bin = binDir();
  const root = os.userInfo().uid === 0;
  const asPostgres = (cmd, args) => {
    const [command, argv] = root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'colibri-pg-'));
  chmodSync(dir, 0o777);
  if (root) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = wanted ?? (Number(process.env.PG_PORT) || (await freePort()));
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  start();
  asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'colibri']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/colibri`,
    /** Stops the server and keeps its data, as an outage would (the fault test), for `resume`. */
    suspend() {
      asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    resume: start,
    stop() {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
