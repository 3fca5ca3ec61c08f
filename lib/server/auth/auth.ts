import 'server-only';
import { processShared, setProcessShared } from '../process-shared.mjs';
import { logger } from '../log.mjs';
import { createHash, randomBytes } from 'node:crypto';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, getOAuthState } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import { clientAddressHeader } from '@/lib/server/http/client-address.mjs';
import { enqueue } from '@/lib/server/jobs/queue';
import { translator } from '@/lib/server/translate';
import { env, siteUrl, socialProviderKeys } from '@/lib/env';
import { localeFromSegment, localePrefix, type Locale } from '@/lib/i18n/locales';
import { ageOn, isRealDate, minimumAge, socialSignUpSchema } from '@/lib/schemas/auth';
import { socialProviders } from '@/lib/domain';

// better-auth owns passwords, sessions, e-mail verification tokens and social sign-in.
// Our own rules around it (18+, terms, reset cadence, phone) live in lib/server/members/accounts.ts.

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

/** The links of confirmation still standing for an account (verifications rows, by the digest of their token). */
export const confirmationIdentifier = (userId: string) => `confirm-email:${userId}`;
export const confirmationDigest = (token: string) => createHash('sha256').update(token).digest('hex');
const confirmationSeconds = 60 * 60 * 24;

/**
 * The only better-auth HTTP endpoints open to the world (app/api/auth/[...all]): starting a social
 * sign-in, and the providers' callbacks (Apple posts its answer). The rest is reached through our own
 * routes, which call auth.api with the product's rules.
 */
export function socialAuthPath(request: Request): boolean {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const providers = enabledSocialProviders().join('|');
  if (!providers) return false;
  if (request.method === 'POST' && path === '/api/auth/sign-in/social') return true;
  return new RegExp(`^/api/auth/callback/(${providers})$`).test(path) && ['GET', 'POST'].includes(request.method);
}

/** Social providers whose keys are configured; the others are hidden. */
export function enabledSocialProviders() {
  return Object.keys(socialProviderKeys()) as (keyof ReturnType<typeof socialProviderKeys>)[];
}

/** A member's two names from a provider's profile: Google's given/family names, Facebook's first/last, else the full name split. */
export function namesFromProfile(profile: object): { firstname: string; lastname: string } {
  const fields = profile as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string).trim() : '');
  const [first = '', ...rest] = text('name').split(/\s+/);
  const firstname = text('given_name') || text('first_name') || first || text('email').split('@')[0] || '';
  const lastname = text('family_name') || text('last_name') || rest.join(' ');
  return { firstname: firstname.slice(0, 60), lastname: lastname.slice(0, 60) };
}

/**
 * The configured providers. A provider's first visit never makes an account by itself
 * (`disableImplicitSignUp`): connexion then sends the newcomer to inscription-sociale, where they
 * declare their age and accept the terms, and that second trip asks for the account (`requestSignUp`).
 */
function socialProviderOptions(): BetterAuthOptions['socialProviders'] {
  const keys = socialProviderKeys();
  const common = { disableImplicitSignUp: true, mapProfileToUser: (profile: object) => namesFromProfile(profile) };
  return {
    ...(keys.google && { google: { ...keys.google, ...common } }),
    ...(keys.facebook && {
      facebook: {
        ...keys.facebook,
        ...common,
        fields: ['first_name', 'last_name'],
        // Facebook's Graph API gives an e-mail address only once the member has confirmed it there.
        mapProfileToUser: (profile: object) => ({ ...namesFromProfile(profile), emailVerified: true }),
      },
    }),
    ...(keys.apple && { apple: { ...keys.apple, ...common } }),
  };
}

/** What the age-and-terms page sent through the provider (better-auth's `additionalData`), checked again here. */
async function socialSignUpDeclaration() {
  const state = (await getOAuthState()) as Record<string, unknown> | null;
  const parsed = socialSignUpSchema.safeParse(state);
  if (!parsed.success) return {};
  const locale = typeof state?.locale === 'string' ? localeFromSegment(state.locale) : undefined;
  return { birthDate: parsed.data.birthDate, termsAcceptedAt: new Date(), ...(locale ? { locale } : {}) };
}

async function createAuth() {
  const db = await getDb();
  return betterAuth({
    appName: 'Colibri',
    baseURL: siteUrl,
    basePath: '/api/auth',
    // A provider's answer that cannot be tied to a sign-in (no state, a broken request) comes back to
    // connexion, which says it in words; better-auth's own error page is closed (app/api/auth/[...all]).
    onAPIError: { errorURL: `${siteUrl}/fr/connexion` },
    secret: await authSecret(db),
    // Into the process's JSON log, whose configuration removes secrets (lib/server/log.mjs).
    logger: {
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        logger()[level]({ component: 'auth', ...(err ? { err } : {}) }, message);
      },
    },
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
        termsAcceptedAt: { type: 'date', required: false },
        locale: { type: 'string', required: false, defaultValue: 'fr' },
        phone: { type: 'string', required: false, input: false },
        phoneVerified: { type: 'boolean', required: false, input: false, defaultValue: false },
        identityVerified: { type: 'boolean', required: false, input: false, defaultValue: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'member' },
      },
    },
    session: { modelName: 'sessions', expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    account: {
      modelName: 'accounts',
      // A provider's sign-in joins an existing account only when its address was confirmed here:
      // an unconfirmed one may be someone else's sign-up with the member's address.
      accountLinking: { enabled: true, requireLocalEmailVerified: true, trustedProviders: [...socialProviders] },
    },
    verification: { modelName: 'verifications' },
    rateLimit: { enabled: true, storage: 'database', modelName: 'rateLimits', window: 60, max: 60 },
    advanced: {
      // Secure cookies whenever the site is served over https; the client's address as the
      // production server stamped it (lib/server/http/client-address.mjs), never a header a client sets.
      useSecureCookies: siteUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
    },
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
        await enqueue(await getDb(), 'mail', {
          to: user.email,
          subject: t('resetSubject'),
          text: t('resetText', { firstname: (user as { firstname?: string }).firstname ?? '', url }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // A link confirms; it never signs in (lib/server/members/accounts.ts confirmEmail).
      autoSignInAfterVerification: false,
      expiresIn: confirmationSeconds,
      sendVerificationEmail: async ({ user, token }) => {
        const locale = userLocale(user as { locale?: string });
        const t = translator(locale, 'Emails');
        const url = `${siteUrl}/${localePrefix(locale)}/confirmation-email/${user.id}?token=${encodeURIComponent(token)}`;
        const db = await getDb();
        // Kept so that a second sign-up of the address can void the links sent before it.
        await db.insert(schema.verifications).values({
          id: randomBytes(16).toString('hex'),
          identifier: confirmationIdentifier(user.id),
          value: confirmationDigest(token),
          expiresAt: new Date(Date.now() + confirmationSeconds * 1000),
        });
        await enqueue(db, 'mail', {
          to: user.email,
          subject: t('confirmSubject'),
          text: t('confirmText', { firstname: (user as { firstname?: string }).firstname ?? '', url }),
        });
      },
    },
    socialProviders: socialProviderOptions(),
    // The mobile app's sessions: sign-in answers carry `set-auth-token`, sent back as Authorization: Bearer.
    plugins: [bearer({ requireSignature: true })],
    // The one door every new account goes through, whatever the path (our sign-up, a social
    // provider): 18 or older, terms accepted.
    databaseHooks: {
      // A suspended member gets no session, whatever the path (password, social provider, e-mail link).
      session: {
        create: {
          before: async (session) => {
            const [row] = await db
              .select({ suspendedAt: schema.users.suspendedAt })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (row?.suspendedAt)
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: 'ACCOUNT_SUSPENDED' });
            return { data: session };
          },
        },
      },
      user: {
        create: {
          before: async (created) => {
            // A social sign-up brings its age and terms through the provider (socialSignUpDeclaration).
            const user = (created as { birthDate?: string }).birthDate
              ? created
              : { ...created, ...(await socialSignUpDeclaration()) };
            const { birthDate, termsAcceptedAt } = user as { birthDate?: string | null; termsAcceptedAt?: Date | null };
            if (!birthDate || !isRealDate(birthDate) || ageOn(birthDate) < minimumAge)
              throw new APIError('BAD_REQUEST', { code: 'UNDERAGE', message: 'UNDERAGE' });
            if (!termsAcceptedAt)
              throw new APIError('BAD_REQUEST', { code: 'TERMS_NOT_ACCEPTED', message: 'TERMS_NOT_ACCEPTED' });
            return { data: user };
          },
        },
      },
    },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

/** The process's better-auth (lib/server/process-shared.mjs); a set-up that failed is tried again at the next call. */
export function getAuth(): Promise<Auth> {
  return processShared('auth', () =>
    createAuth().catch((error: unknown) => {
      setProcessShared('auth', undefined);
      throw error;
    }),
  );
}
