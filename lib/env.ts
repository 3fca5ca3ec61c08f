import 'server-only';
import { z } from '@/lib/zod';
import { parseTrustedProxies } from './server/http/client-address.mjs';
import { isMapStyleUrl, mapSettings } from './map-style.mjs';
import { parseCdnMaxAge } from './shared-cache.mjs';
import type { SocialProvider } from './domain';

// The runtime configuration of CONTRACT.md, parsed once: the app reads no other environment
// variable (an ESLint rule keeps process.env out of app/, components/ and lib/). Every variable is
// optional; an empty value counts as unset, as in .env.example.

const optionalUrl = z.url().optional();
const schema = z.object({
  SITE_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  /** The production server's port (scripts/server.mjs); the app calls itself there (lib/server/events/hub.ts). */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional(),
  DATABASE_POOL: z.coerce.number().int().min(1).max(500).default(10),
  // Deploy steps (issue 20): unset, `demo` on the embedded database, `none` on a DATABASE_URL server (parseEnv).
  SEED: z.enum(['demo', 'none']).optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Colibri <no-reply@colibri.tn>'),
  SUPPORT_EMAIL: z.email().default('support@colibri.tn'),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  // Twilio (issue 33, lib/server/notify/twilio.ts): the Messages API for SMS, and WhatsApp's
  // authentication template when its sender and template are set too.
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'an account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{5,14}|[A-Za-z0-9 ]{1,11})$/, 'a number in E.164 (+...) or an alphanumeric sender ID')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'a messaging service SID (MG followed by 32 hex digits)')
    .optional(),
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^whatsapp:\+[1-9]\d{5,14}$/, 'whatsapp: followed by a number in E.164')
    .optional(),
  TWILIO_WHATSAPP_CODE_TEMPLATE: z
    .string()
    .regex(/^HX[0-9a-fA-F]{32}$/, 'a Content SID (HX followed by 32 hex digits)')
    .optional(),
  TWILIO_API_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api.twilio.com')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Phone codes sent per day by every instance together (lib/server/limits.ts), beside the per-number and per-range caps. */
  SMS_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  // Amazon SES bounces and complaints through SNS (lib/server/notify/sns.ts): the one topic accepted.
  SES_SNS_TOPIC_ARN: z
    .string()
    .regex(/^arn:aws(-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/, 'an SNS topic ARN')
    .optional(),
  AUTH_SECRET: z.string().optional(),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  MAP_STYLE_URL: z
    .string()
    .refine(isMapStyleUrl, 'an http(s) URL, a path of this site or a mapbox:// style')
    .optional(),
  NEXT_PUBLIC_MAPBOX_TOKEN: z.string().optional(),
  // Operations: health, logs and metrics (docs/operations.md).
  /** The lowest level written to the JSON log on stdout (lib/server/log.mjs reads it the same way). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** GET /metrics answers only a request bearing this token; unset, /metrics is a 404 (scripts/server.mjs). */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  // CDN headers (issue 20): seconds a shared cache may keep a public page (scripts/page-cache.mjs).
  CDN_MAX_AGE: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseCdnMaxAge(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  // Storage (lib/server/storage/): S3-compatible when endpoint and bucket are set, else DATA_DIR.
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name')
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl,
  // Jobs (lib/server/jobs): `off` leaves them to another process (`npm run worker`); a running job
  // older than JOBS_EXPIRE_SECONDS counts as lost with its worker and is tried again.
  JOBS: z.enum(['on', 'off']).default('on'),
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  // Tests only (issue 21): the time lib/server/clock.ts starts at, so that worker processes follow a
  // test's clock; refused unless NODE_ENV is `test` (parseEnv).
  TEST_CLOCK: z.iso.datetime().optional(),
  // Web push (issue 23): VAPID keys as web-push writes them (base64url P-256 keys), set together;
  // unset, a pair is generated once and kept in the database (lib/server/notify/push.ts).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (65 bytes)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (32 bytes)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'a mailto: address or an https: URL')
    .optional(),
  // Web push (issue 33): hosts a subscription may point to beside the browsers' push services
  // (lib/server/notify/push-hosts.ts), comma-separated `host` or `host:port` (a test's stand-in).
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const hosts = (value ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean);
      for (const host of hosts)
        if (!/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(host))
          ctx.addIssue({ code: 'custom', message: `${host}: a host name or address, with an optional :port` });
      return hosts;
    }),
});
type Parsed = z.infer<typeof schema>;

/** Storage variables that only work together. */
function storagePairs(value: Parsed, ctx: z.RefinementCtx<Parsed>) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!value.S3_ENDPOINT !== !value.S3_BUCKET) issue('S3_BUCKET', 'S3_ENDPOINT and S3_BUCKET are set together');
  if (!value.S3_ACCESS_KEY_ID !== !value.S3_SECRET_ACCESS_KEY)
    issue('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together');
  if ((value.S3_ACCESS_KEY_ID || value.S3_PUBLIC_URL) && !value.S3_BUCKET)
    issue('S3_BUCKET', 'S3_ACCESS_KEY_ID and S3_PUBLIC_URL need S3_ENDPOINT and S3_BUCKET');
}

/** Twilio's variables that only work together, and only with SMS_PROVIDER=twilio. */
function twilioSet(value: Parsed, ctx: z.RefinementCtx<Parsed>) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const whatsapp = value.TWILIO_WHATSAPP_FROM || value.TWILIO_WHATSAPP_CODE_TEMPLATE;
  if (value.SMS_PROVIDER !== 'twilio') {
    if (whatsapp) issue('SMS_PROVIDER', 'WhatsApp codes go through Twilio: SMS_PROVIDER=twilio');
    return;
  }
  if (!value.TWILIO_ACCOUNT_SID || !value.TWILIO_AUTH_TOKEN)
    issue('TWILIO_ACCOUNT_SID', 'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
  if (!value.TWILIO_FROM && !value.TWILIO_MESSAGING_SERVICE_SID)
    issue('TWILIO_FROM', 'SMS_PROVIDER=twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');
  if (whatsapp && !(value.TWILIO_WHATSAPP_FROM && value.TWILIO_WHATSAPP_CODE_TEMPLATE))
    issue('TWILIO_WHATSAPP_FROM', 'TWILIO_WHATSAPP_FROM and TWILIO_WHATSAPP_CODE_TEMPLATE are set together');
}

/** The VAPID key pair is given whole or not at all. */
function vapidPair(value: Parsed, ctx: z.RefinementCtx<Parsed>) {
  if (!value.VAPID_PUBLIC_KEY !== !value.VAPID_PRIVATE_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['VAPID_PRIVATE_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
    });
}

export type Env = Omit<Parsed, 'SEED'> & { SEED: 'demo' | 'none' };
export const envKeys = Object.keys(schema.shape);

/** Parses a set of variables; throws one message that names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const given = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, source[key]?.trim() ? source[key]!.trim() : undefined]),
  );
  const result = schema
    .superRefine(storagePairs)
    .superRefine(vapidPair)
    .superRefine(twilioSet)
    .superRefine((value, ctx) => {
      if (value.TEST_CLOCK && source.NODE_ENV !== 'test')
        ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'only with NODE_ENV=test' });
    })
    .safeParse(given);
  if (result.success) return { ...result.data, SEED: result.data.SEED ?? (result.data.DATABASE_URL ? 'none' : 'demo') };
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid configuration (see .env.example): ${problems.join('; ')}`);
}

export const env = parseEnv(process.env);

/** Absolute URLs in canonical links, sitemap and Open Graph. */
export const siteUrl = (env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

/** Social sign-in providers whose two keys are set; the others are hidden. */
export function socialProviderKeys() {
  const providers: Partial<Record<SocialProvider, { clientId: string; clientSecret: string }>> = {};
  const pairs = [
    ['google', env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
    ['facebook', env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET],
    ['apple', env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET],
  ] as const;
  for (const [name, clientId, clientSecret] of pairs)
    if (clientId && clientSecret) providers[name] = { clientId, clientSecret };
  return providers;
}

/** The map of autour-de-moi: MapLibre GL with a key-free style, or Mapbox GL when a token is set (lib/map-style.mjs). */
export function mapConfig() {
  return mapSettings({ styleUrl: env.MAP_STYLE_URL, mapboxToken: env.NEXT_PUBLIC_MAPBOX_TOKEN });
}

/** The environment of a child process (PostgreSQL's client programs: PATH, locale, PG*), plus `extra`. */
export function childEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
