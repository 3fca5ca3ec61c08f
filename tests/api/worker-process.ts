import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** `npm run worker` as a process of its own, on this database, with its own environment (production by default). */
export function worker(env: Record<string, string> = {}): ChildProcess & { output: string[] } {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess & { output: string[] };
  child.output = [];
  child.stdout!.on('data', (chunk: Buffer) => child.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => child.output.push(chunk.toString()));
  return child;
}
