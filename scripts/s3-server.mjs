// A throwaway S3-compatible server for tests (s3rver), in a child process so that a caller blocked
// in spawnSync (scripts/test.mjs) does not stop it: its files in a temporary directory removed at
// stop, one bucket, on a free port of 127.0.0.1 unless a port is given.
//
//   const s3 = await startS3Server();   // { env, endpoint, bucket, stop() }
//   spawn(..., { env: { ...process.env, ...s3.env } });
//   s3.stop();
//
// Run as a script (`node scripts/s3-server.mjs <port> <dir> <bucket>`) it is that child.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
// s3rver checks signatures against its fixed pair.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * The app's variables for an s3rver at `endpoint`.
 * @param {string} endpoint
 * @param {string} bucket
 */
export function s3Env(endpoint, bucket = 'colibri') {
  return {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  };
}

/**
 * @param {{ port?: number, bucket?: string }} [options]
 * @returns {Promise<{ endpoint: string, bucket: string, env: Record<string, string>, stop(): void }>}
 */
export async function startS3Server({ port = 0, bucket = 'colibri' } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'colibri-s3-'));
  // s3rver's list continuation tokens are DES-encrypted, which OpenSSL 3 keeps in its legacy provider.
  const child = spawn(process.execPath, ['--openssl-legacy-provider', self, String(port), dir, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  const actualPort = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const ready = /^ready (\d+)$/m.exec(out);
      if (ready) resolve(Number(ready[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it was ready`)));
  }).catch((error) => {
    stop();
    throw error;
  });
  process.once('exit', stop);
  // Holding none of the handles open: the caller's process may end whenever it is done.
  for (const handle of [child, child.stdin, child.stdout]) handle.unref();
  const endpoint = `http://127.0.0.1:${actualPort}`;
  return {
    endpoint,
    bucket,
    env: s3Env(endpoint, bucket),
    stop,
  };
}

async function serve([port, directory, bucket]) {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: Number(port),
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  process.stdout.write(`ready ${address.port}\n`);
  const close = () => server.close().finally(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  // The parent went away without stopping us (its end of stdin closed): nothing else would.
  process.stdin.on('end', close).resume();
}

// No top-level await: test files (compiled to CommonJS by tsx) import this module.
if (process.argv[1] === self)
  serve(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
