// Imported first by a test file that needs the app on S3: when the run gave no S3 server
// (scripts/test.mjs gives one to its PostgreSQL pass only), the variables are set here, before
// lib/env.ts reads them, for an s3rver that `startOwnS3` starts on a port chosen now.
import { execFileSync } from 'node:child_process';
import { s3Env, startS3Server } from '@/scripts/s3-server.mjs';

const freePort = () =>
  Number(
    execFileSync(process.execPath, [
      '-e',
      "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
    ]),
  );

const port = process.env.S3_ENDPOINT ? null : Number(process.env.S3_TEST_PORT) || freePort();
if (port) Object.assign(process.env, s3Env(`http://127.0.0.1:${port}`));

/** Starts the s3rver the variables point at, if this file set them; answers its stop. */
export async function startOwnS3(): Promise<() => void> {
  if (!port) return () => {};
  const server = await startS3Server({ port });
  return server.stop;
}
