// Sections of docs/benchmarks.md that another script than scripts/bench.mjs writes (npm run
// bench:load): between two comments naming it, kept when scripts/bench.mjs writes the rest again.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the benches write: BENCH_OUT, or for a tiny run (BENCH_TINY, npm test) a file of its own, since
 * its figures are no measurement; else docs/benchmarks.md.
 */
export const reportFile =
  process.env.BENCH_OUT ??
  (process.env.BENCH_TINY === '1'
    ? path.join(os.tmpdir(), 'colibri-benchmarks-tiny.md')
    : path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'benchmarks.md'));

const start = (name) => `<!-- section ${name}: written by its own script -->`;
const end = (name) => `<!-- end of section ${name} -->`;

/** `text` with the section `name` set to `body` (appended at the end when it is not there yet). */
export function replaceSection(text, name, body) {
  const block = `${start(name)}\n\n${body.trim()}\n\n${end(name)}\n`;
  const from = text.indexOf(start(name));
  const to = text.indexOf(end(name));
  if (from < 0 || to < from) return `${text.trimEnd()}\n\n${block}`;
  return text.slice(0, from) + block + text.slice(to + end(name).length).replace(/^\n/, '');
}

/** Every such section of `text`, as they are, to be appended to a text that lacks them. */
export function ownSections(text) {
  return [...text.matchAll(/<!-- section (\S+): written by its own script -->[\s\S]*?<!-- end of section \1 -->\n?/g)]
    .map((match) => match[0])
    .join('\n');
}

/** `text` without the block of a `## heading` (up to the next `## ` heading or a section's comment). */
export function dropHeading(text, heading) {
  const from = text.indexOf(`${heading}\n`);
  if (from < 0) return text;
  const rest = text.slice(from + heading.length);
  const next = rest.search(/\n(## |<!-- section )/);
  return text.slice(0, from) + (next < 0 ? '' : rest.slice(next + 1));
}

/**
 * Sets the section `name` of the report (`reportFile`) to `body`, the file written as Prettier would
 * (npm test checks every file's formatting: its tables aligned).
 * @param {string} name
 * @param {string} body
 */
export async function writeSection(name, body) {
  const prettier = await import('prettier');
  const existing = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '';
  const options = { ...(await prettier.resolveConfig(reportFile)), filepath: reportFile };
  writeFileSync(reportFile, await prettier.format(replaceSection(existing, name, body), options));
}
