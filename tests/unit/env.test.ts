/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { envKeys, parseEnv } from '@/lib/env';

// The configuration is parsed in one place; .env.example lists exactly what it reads.

const example = readFileSync(path.join(__dirname, '..', '..', '.env.example'), 'utf8');
const exampleValues = Object.fromEntries(
  example
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

it('.env.example lists the variables lib/env.ts reads', () => {
  expect(Object.keys(exampleValues).sort()).toEqual([...envKeys].sort());
});

it('the values of .env.example are the defaults', () => {
  const fromExample = parseEnv(exampleValues);
  expect(fromExample).toEqual({ ...parseEnv({}), SITE_URL: 'http://localhost:3000' });
});

/** A whole Twilio set-up, as a deploy gives it. */
const twilio = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}`,
  TWILIO_AUTH_TOKEN: 'f'.repeat(32),
  TWILIO_FROM: 'Colibri',
};

it.each([
  [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  [{ SEED: 'everything' }, 'SEED'],
  [{ SMS_PROVIDER: 'sms.example' }, 'SMS_PROVIDER'],
  [{ SMS_PROVIDER: 'twilio' }, 'TWILIO_ACCOUNT_SID'],
  [
    { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'x'.repeat(32) },
    'TWILIO_FROM',
  ],
  [{ TWILIO_ACCOUNT_SID: 'AC123' }, 'TWILIO_ACCOUNT_SID'],
  [
    { TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886', TWILIO_WHATSAPP_CODE_TEMPLATE: `HX${'0'.repeat(32)}` },
    'SMS_PROVIDER',
  ],
  [{ ...twilio, TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886' }, 'TWILIO_WHATSAPP_FROM'],
  [{ ...twilio, TWILIO_WHATSAPP_FROM: '+14155238886' }, 'TWILIO_WHATSAPP_FROM'],
  [{ SMS_DAILY_LIMIT: '0' }, 'SMS_DAILY_LIMIT'],
  [{ SES_SNS_TOPIC_ARN: 'colibri-ses' }, 'SES_SNS_TOPIC_ARN'],
  [{ PUSH_SERVICE_HOSTS: 'https://push.example.org/' }, 'PUSH_SERVICE_HOSTS'],
  [{ DATABASE_POOL: 'many' }, 'DATABASE_POOL'],
  [{ SITE_URL: 'colibri.tn' }, 'SITE_URL'],
  [{ SUPPORT_EMAIL: 'support' }, 'SUPPORT_EMAIL'],
  [{ MAP_STYLE_URL: 'styles/liberty.json' }, 'MAP_STYLE_URL'],
  [{ MAP_STYLE_URL: '//tiles.example.org/style.json' }, 'MAP_STYLE_URL'],
  [{ MAP_STYLE_URL: 'ftp://tiles.example.org/style.json' }, 'MAP_STYLE_URL'],
  [{ CDN_MAX_AGE: '301' }, 'CDN_MAX_AGE'],
  [{ CDN_MAX_AGE: '-1' }, 'CDN_MAX_AGE'],
  [{ CDN_MAX_AGE: '2.5' }, 'CDN_MAX_AGE'],
  [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
  [{ S3_BUCKET: 'colibri' }, 'S3_BUCKET'],
  [{ S3_ENDPOINT: 'http://s3.local', S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
  [{ S3_ENDPOINT: 'http://s3.local', S3_BUCKET: 'colibri', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
  [{ S3_PUBLIC_URL: 'https://cdn.example.org' }, 'S3_BUCKET'],
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

it('takes a whole Twilio set-up, WhatsApp included, and the hosts of PUSH_SERVICE_HOSTS', () => {
  const whatsapp = {
    TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886',
    TWILIO_WHATSAPP_CODE_TEMPLATE: `HX${'b2'.repeat(16)}`,
  };
  expect(parseEnv({ ...twilio, ...whatsapp, TWILIO_API_URL: 'http://127.0.0.1:3250/' })).toMatchObject({
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: 'http://127.0.0.1:3250',
    SMS_DAILY_LIMIT: 1000,
  });
  expect(parseEnv({ PUSH_SERVICE_HOSTS: ' 127.0.0.1:3251, Push.Example.org ' }).PUSH_SERVICE_HOSTS).toEqual([
    '127.0.0.1:3251',
    'push.example.org',
  ]);
});
