import 'server-only';
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { getDb, type Db } from './db/client';
import * as schema from './db/schema';
import { sendMail } from './mail';
import { translator } from './translate';
import { env, siteUrl, socialProviderKeys } from '@/lib/env';
import { localeFromSegment, localePrefix, type Locale } from '@/lib/i18n/locales';

// better-auth owns passwords, sessions, e-mail verification tokens and social sign-in.
// Our own rules around it (18+, terms, reset cadence, phone) live in lib/server/users.ts.

export function userLocale(user: { locale?: string | null }): Locale {
  return localeFromSegment(user.locale ?? '') ?? 'fr';
}

/** The signing secret: AUTH_SECRET, else one made once and kept in the database for every instance. */
async function authSecret(db: Db): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  await db
    .insert(schema.settings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, 'auth_secret'));
  if (!row) throw new Error('auth secret missing');
  return row.value;
}

/** Social providers whose keys are configured; the others are hidden. */
export function enabledSocialProviders() {
  return Object.keys(socialProviderKeys()) as (keyof ReturnType<typeof socialProviderKeys>)[];
}

async function createAuth() {
  const db = await getDb();
  return betterAuth({
    appName: 'Colibri',
    baseURL: siteUrl,
    basePath: '/api/auth',
    secret: await authSecret(db),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        rateLimits: schema.rateLimits,
      },
    }),
    user: {
      modelName: 'users',
      additionalFields: {
        firstname: { type: 'string', required: true },
        lastname: { type: 'string', required: true },
        birthDate: { type: 'string', required: false },
        locale: { type: 'string', required: false, defaultValue: 'fr' },
        phone: { type: 'string', required: false, input: false },
        phoneVerified: { type: 'boolean', required: false, input: false, defaultValue: false },
        identityVerified: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    session: { modelName: 'sessions', expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    rateLimit: { enabled: true, storage: 'database', modelName: 'rateLimits', window: 60, max: 60 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const locale = userLocale(user as { locale?: string });
        const t = translator(locale, 'Emails');
        const url = `${siteUrl}/${localePrefix(locale)}/reinitialiser-mot-de-passe/${user.id}?token=${encodeURIComponent(token)}`;
        await sendMail({
          to: user.email,
          subject: t('resetSubject'),
          text: t('resetText', { firstname: (user as { firstname?: string }).firstname ?? '', url }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        const locale = userLocale(user as { locale?: string });
        const t = translator(locale, 'Emails');
        const url = `${siteUrl}/${localePrefix(locale)}/confirmation-email/${user.id}?token=${encodeURIComponent(token)}`;
        await sendMail({
          to: user.email,
          subject: t('confirmSubject'),
          text: t('confirmText', { firstname: (user as { firstname?: string }).firstname ?? '', url }),
        });
      },
    },
    socialProviders: socialProviderKeys(),
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

const globalForAuth = globalThis as unknown as { colibriAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  globalForAuth.colibriAuth ??= createAuth();
  return globalForAuth.colibriAuth;
}
