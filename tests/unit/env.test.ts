/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { envKeys, parseEnv } from '@/lib/env';

// The configuration is parsed in one place; .env.example lists exactly what it reads.

const example = readFileSync(path.join(__dirname, '..', '..', '.env.example'), 'utf8');
const exampleValues = Object.fromEntries(
  example
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

it('.env.example lists the variables lib/env.ts reads', () => {
  expect(Object.keys(exampleValues).sort()).toEqual([...envKeys].sort());
});

it('the values of .env.example are the defaults', () => {
  const fromExample = parseEnv(exampleValues);
  expect(fromExample).toEqual({ ...parseEnv({}), SITE_URL: 'http://localhost:3000' });
});

it.each([
  [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  [{ SEED: 'everything' }, 'SEED'],
  [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER'],
  [{ DATABASE_POOL: 'many' }, 'DATABASE_POOL'],
  [{ SITE_URL: 'colibri.tn' }, 'SITE_URL'],
  [{ SUPPORT_EMAIL: 'support' }, 'SUPPORT_EMAIL'],
  [{ MAP_STYLE_URL: 'styles/liberty.json' }, 'MAP_STYLE_URL'],
  [{ MAP_STYLE_URL: '//tiles.example.org/style.json' }, 'MAP_STYLE_URL'],
  [{ MAP_STYLE_URL: 'ftp://tiles.example.org/style.json' }, 'MAP_STYLE_URL'],
  [{ CDN_MAX_AGE: '301' }, 'CDN_MAX_AGE'],
  [{ CDN_MAX_AGE: '-1' }, 'CDN_MAX_AGE'],
  [{ CDN_MAX_AGE: '2.5' }, 'CDN_MAX_AGE'],
])('refuses %j, naming the variable', (source, name) => {
  expect(() => parseEnv(source)).toThrow(new RegExp(`Invalid configuration.*${name}`));
});

it('an empty value is unset', () => {
  expect(parseEnv({ DATABASE_URL: '', SEED: ' ' })).toMatchObject({ DATABASE_URL: undefined, SEED: 'demo' });
});

it('seeds the demo by default on the embedded database only; SEED overrides it on a server', () => {
  const server = 'postgres://colibri@db.example.org/colibri';
  expect(parseEnv({}).SEED).toBe('demo');
  expect(parseEnv({ DATABASE_URL: server }).SEED).toBe('none');
  expect(parseEnv({ DATABASE_URL: server, SEED: 'demo' }).SEED).toBe('demo');
  expect(parseEnv({ SEED: 'none' }).SEED).toBe('none');
});

it('CDN_MAX_AGE is 30 s by default, at most 300', () => {
  expect(parseEnv({}).CDN_MAX_AGE).toBe(30);
  expect(parseEnv({ CDN_MAX_AGE: '300' }).CDN_MAX_AGE).toBe(300);
  expect(parseEnv({ CDN_MAX_AGE: '0' }).CDN_MAX_AGE).toBe(0);
});
