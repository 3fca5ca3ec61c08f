import 'server-only';
import { processShared, setProcessShared } from '../process-shared.mjs';
import { logger } from '../log.mjs';
import { createHash, randomBytes } from 'node:crypto';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, getOAuthState } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import { clientAddressHeader } from '@/lib/server/http/client-address.mjs';
import { enqueue } from '@/lib/server/jobs/queue';
import { withinLimit } from '@/lib/server/limits';
import { translator } from '@/lib/server/translate';
import { env, siteUrl, socialProviderKeys } from '@/lib/env';
import { localeFromSegment, localePrefix, type Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { ageOn, isRealDate, minimumAge, socialSignUpSchema } from '@/lib/schemas/auth';
import { keepSignUpCampaign } from '@/lib/server/traffic/campaigns';
import { socialProviders, type SocialProvider } from '@/lib/domain';

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

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The links of confirmation still standing for an account (verifications rows, by the digest of their token). */
export const confirmationIdentifier = (userId: string) => `confirm-email:${userId}`;
export const confirmationDigest = sha256;
const confirmationSeconds = 60 * 60 * 24;
export const confirmationHours = confirmationSeconds / 3600;

/**
 * A browser that opened a confirmation link of an account made through a provider (whose address the
 * provider did not vouch for): the account is confirmed when that same browser comes back from the
 * same provider, so the mailbox and the provider account must both be the member's
 * (docs/decisions/0034-sign-ups-confirmed-by-their-own-proof.md).
 */
export const mailboxProofIdentifier = (userId: string) => `mailbox-proof:${userId}`;
export const mailboxProofCookie = 'colibri_mailbox_proof';
export const mailboxProofSeconds = 30 * 60;

/**
 * E-mails a new confirmation link to an account's address. The link proves the mailbox only: what it
 * confirms is chosen by the password typed beside it, or by the provider the account was made with
 * (lib/server/members/accounts.ts confirmEmail). Kept by its digest, valid 24 hours.
 */
export async function mailConfirmationLink(user: {
  id: string;
  email: string;
  firstname?: string | null;
  locale?: string | null;
}): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const locale = userLocale(user);
  const t = translator(locale, 'Emails');
  const url = `${siteUrl}/${localePrefix(locale)}/confirmation-email/${user.id}?token=${token}`;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(schema.verifications).values({
      id: randomBytes(16).toString('hex'),
      identifier: confirmationIdentifier(user.id),
      value: confirmationDigest(token),
      expiresAt: new Date(Date.now() + confirmationSeconds * 1000),
    });
    await enqueue(tx, 'mail', {
      to: user.email,
      subject: t('confirmSubject'),
      text: t('confirmText', { firstname: user.firstname ?? '', url }),
    });
  });
}

/** The value of one cookie in a request's headers. */
function cookieValue(headers: Headers | undefined, name: string): string | undefined {
  for (const part of headers?.get('cookie')?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The account's address is confirmed when this request carries the proof that its browser opened a
 * standing confirmation link of that account (set by confirm-email, lib/server/members/accounts.ts).
 */
async function confirmedByMailboxProof(db: Db, userId: string, headers: Headers | undefined): Promise<boolean> {
  const [owner, secret] = (cookieValue(headers, mailboxProofCookie) ?? '').split('.');
  if (owner !== userId || !secret) return false;
  return db.transaction(async (tx) => {
    const [proof] = await tx
      .delete(schema.verifications)
      .where(
        and(
          eq(schema.verifications.identifier, mailboxProofIdentifier(userId)),
          eq(schema.verifications.value, sha256(secret)),
          gt(schema.verifications.expiresAt, new Date()),
        ),
      )
      .returning({ id: schema.verifications.id });
    if (!proof) return false;
    await tx.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, userId));
    await tx
      .delete(schema.verifications)
      .where(
        inArray(schema.verifications.identifier, [confirmationIdentifier(userId), mailboxProofIdentifier(userId)]),
      );
    return true;
  });
}

/** A provider newly joined to an account that already had a way in: its owner is told, with how to undo it. */
async function tellProviderLinked(db: Db, account: { id: string; userId: string; providerId: string }) {
  const provider = socialProviders.find((name): name is SocialProvider => name === account.providerId);
  if (!provider) return;
  const others = await db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.userId, account.userId), ne(schema.accounts.id, account.id)));
  if (!others.length) return;
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, account.userId));
  if (!user) return;
  const locale = userLocale(user);
  const t = translator(locale, 'Emails');
  await enqueue(db, 'mail', {
    to: user.email,
    subject: t('providerLinkedSubject', { provider: t(`providers.${provider}`) }),
    text: t('providerLinkedText', {
      firstname: user.firstname,
      provider: t(`providers.${provider}`),
      settingsUrl: siteUrl + localPath(locale, 'parametres'),
      resetUrl: siteUrl + localPath(locale, 'mot-de-passe-oublie'),
    }),
  });
}

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
 * An address counts as the provider's word only where the provider says it verified it (Google's and
 * Apple's `email_verified`); Facebook gives no such flag that can be relied on, so its address is never
 * taken as verified: it signs in where it is already linked, and a newcomer confirms by e-mail.
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
        mapProfileToUser: (profile: object) => ({ ...namesFromProfile(profile), emailVerified: false }),
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
      // A provider's sign-in joins an existing account only when the provider verified the address
      // (no provider is trusted by name) and the address was confirmed here: an unconfirmed one may
      // be someone else's sign-up with the member's address.
      accountLinking: { enabled: true, requireLocalEmailVerified: true, trustedProviders: [] },
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
      // A new account (ours, or a provider's whose address is not verified) gets its link, counted in
      // the day's confirmation e-mails of the address (the once-a-minute limit is for what comes
      // after: a sign-up again, a sign-in, a resend; lib/server/members/accounts.ts).
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: confirmationSeconds,
      sendVerificationEmail: async ({ user }) => {
        if (await withinLimit('emailConfirmationPerAccountPerDay', user.email.toLowerCase()))
          await mailConfirmationLink(user);
      },
    },
    socialProviders: socialProviderOptions(),
    // The mobile app's sessions: sign-in answers carry `set-auth-token`, sent back as Authorization: Bearer.
    plugins: [bearer({ requireSignature: true })],
    // The one door every new account goes through, whatever the path (our sign-up, a social
    // provider): 18 or older, terms accepted.
    databaseHooks: {
      // No session, whatever the path (password, social provider), for a suspended member, nor for an
      // account whose address is not confirmed (unless this very request confirms it: confirmedByMailboxProof).
      session: {
        create: {
          before: async (session, ctx) => {
            const [row] = await db
              .select({ suspendedAt: schema.users.suspendedAt, emailVerified: schema.users.emailVerified })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (row?.suspendedAt)
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: 'ACCOUNT_SUSPENDED' });
            const headers = ctx?.headers ?? ctx?.request?.headers;
            if (row && !row.emailVerified && !(await confirmedByMailboxProof(db, session.userId, headers)))
              throw new APIError('FORBIDDEN', { code: 'email_unconfirmed', message: 'EMAIL_NOT_VERIFIED' });
            return { data: session };
          },
        },
      },
      account: {
        create: {
          after: async (account) => {
            await tellProviderLinked(db, account);
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
          after: async (user) => {
            // A social sign-up brings its visit's campaign through the provider too.
            const state = (await getOAuthState()) as Record<string, unknown> | null;
            const declared = socialSignUpSchema.safeParse(state);
            if (declared.success) await keepSignUpCampaign(db, user.id, declared.data.campaign);
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
