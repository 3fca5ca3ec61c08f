import 'server-only';
import { randomBytes, createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError } from '@/lib/errors';
import type { Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { siteUrl } from '@/lib/env';
import type { ForgotPasswordInput, ResetPasswordInput, SignInInput, SignUpInput } from '@/lib/schemas/auth';
import {
  confirmationDigest,
  confirmationHours,
  confirmationIdentifier,
  getAuth,
  mailboxProofIdentifier,
  mailboxProofSeconds,
  mailConfirmationLink,
  userLocale,
} from '@/lib/server/auth/auth';
import { getDb, type Tx } from '@/lib/server/db/client';
import { accounts, sessions, users, verifications } from '@/lib/server/db/schema';
import { socialProviders, type SocialProvider } from '@/lib/domain';
import type { EmailConfirmation } from '@/lib/schemas/auth';
import { addressKey, hit, limits, peek, refund, withinLimit } from '@/lib/server/limits';
import { z } from '@/lib/zod';
import { enqueue } from '@/lib/server/jobs/queue';
import { translator } from '@/lib/server/translate';
import { mirrorUser } from './member';
import { keepSignUpCampaign } from '@/lib/server/traffic/campaigns';

// Accounts: the rules of the specification around better-auth (sections 4, 5, 8 and 9).

/** The code of a better-auth APIError (matched by shape: bundling can give the class two identities). */
function authCode(error: unknown): string | undefined {
  if (error instanceof APIError || (error instanceof Error && error.name === 'APIError'))
    return (error as { body?: { code?: string } }).body?.code;
  return undefined;
}

/**
 * inscription: creates the account and e-mails its confirmation link. An address that already has an
 * account gets the same answer (nothing tells a stranger it is registered), and its owner gets an
 * e-mail saying so, with the ways in. The password is hashed either way, so the time taken tells nothing either.
 */
export async function signUp(input: SignUpInput, locale: Locale, address: string): Promise<void> {
  await hit('signUpPerAddress', address);
  const db = await getDb();
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  const auth = await getAuth();
  if (existing) {
    const hash = await (await auth.$context).password.hash(input.password);
    if (existing.emailVerified) await sendAccountExists(existing);
    else await addSignUpRequest(existing, input, locale, hash);
    return;
  }
  try {
    const { user } = await auth.api.signUpEmail({
      body: {
        name: `${input.firstname} ${input.lastname}`,
        email: input.email,
        password: input.password,
        firstname: input.firstname,
        lastname: input.lastname,
        birthDate: input.birthDate,
        termsAcceptedAt: new Date(),
        locale,
      },
    });
    await keepSignUpCampaign(db, user.id, input.campaign);
  } catch (error) {
    const code = authCode(error);
    if (code === 'UNDERAGE' || code === 'TERMS_NOT_ACCEPTED') throw new AppError(code);
    // The same address signed up twice at once: the other request created it (the unique index said so).
    const [raced] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email}`);
    if (!raced) throw error;
  }
}

/** New confirmation links for an address: one a minute and a few a day, whoever asks (sign-up, sign-in, resend). */
async function withinConfirmationLimits(email: string): Promise<boolean> {
  const key = email.toLowerCase();
  return (
    (await withinLimit('emailConfirmationPerAccount', key)) &&
    (await withinLimit('emailConfirmationPerAccountPerDay', key))
  );
}

/** The sign-ups of an unconfirmed address after the first (verifications rows; the first is the account itself). */
const signUpIdentifier = (userId: string) => `sign-up:${userId}`;
/** How many later sign-ups an unconfirmed address keeps (the newest): each costs a hash check at confirmation. */
const maxSignUpRequests = 5;
const signUpRequestSchema = z.object({
  hash: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  birthDate: z.string(),
  locale: z.string(),
});
type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/**
 * A second sign-up for an address nobody confirmed yet is kept beside the first, as a request of its
 * own (its password, names, birth date); it replaces nothing. Whoever holds the mailbox decides: the
 * confirmation link and the password of one of them confirm that one (confirmEmail). Meanwhile nothing
 * of an earlier sign-up stays usable: its sessions and its provider links go.
 */
async function addSignUpRequest(user: typeof users.$inferSelect, input: SignUpInput, locale: Locale, hash: string) {
  const db = await getDb();
  const request: SignUpRequest = {
    hash,
    firstname: input.firstname,
    lastname: input.lastname,
    birthDate: input.birthDate,
    locale,
  };
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(accounts).where(and(eq(accounts.userId, user.id), ne(accounts.providerId, 'credential')));
    await tx.delete(verifications).where(eq(verifications.identifier, mailboxProofIdentifier(user.id)));
    const standing = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(eq(verifications.identifier, signUpIdentifier(user.id)))
      .orderBy(desc(verifications.createdAt));
    const older = standing.slice(maxSignUpRequests - 1).map((row) => row.id);
    if (older.length) await tx.delete(verifications).where(inArray(verifications.id, older));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString('hex'),
      identifier: signUpIdentifier(user.id),
      value: JSON.stringify(request),
      expiresAt: new Date(Date.now() + confirmationHours * 3600 * 1000),
    });
  });
  // Quietly within the resend limits: a refusal here would tell that the address has an account.
  if (await withinConfirmationLimits(user.email))
    await mailConfirmationLink({ id: user.id, email: user.email, firstname: input.firstname, locale });
}

/** The sign-ups an unconfirmed account may be confirmed as: the first (the account's password), then the later ones. */
async function signUpsOf(userId: string): Promise<{ hash: string; request?: SignUpRequest }[]> {
  const db = await getDb();
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  const later = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, signUpIdentifier(userId)), gt(verifications.expiresAt, new Date())))
    .orderBy(desc(verifications.createdAt));
  const requests = later.flatMap(({ value }) => {
    const parsed = signUpRequestSchema.safeParse(JSON.parse(value));
    return parsed.success ? [{ hash: parsed.data.hash, request: parsed.data }] : [];
  });
  return [...(credential?.password ? [{ hash: credential.password }] : []), ...requests];
}

/** The sign-up of an unconfirmed account whose password this is, if any. */
async function signUpWithPassword(userId: string, password: string) {
  const context = await (await getAuth()).$context;
  for (const signUp of await signUpsOf(userId))
    if (await context.password.verify({ hash: signUp.hash, password })) return signUp;
  return undefined;
}

async function sendAccountExists(user: typeof users.$inferSelect): Promise<void> {
  if (!(await withinLimit('accountExistsMailsPerAccount', user.email.toLowerCase()))) return;
  const locale = userLocale(user);
  const t = translator(locale, 'Emails');
  await enqueue(await getDb(), 'mail', {
    to: user.email,
    subject: t('takenSubject'),
    text: t('takenText', {
      firstname: user.firstname,
      signInUrl: siteUrl + localPath(locale, 'connexion'),
      resetUrl: siteUrl + localPath(locale, 'mot-de-passe-oublie'),
    }),
  });
}

/**
 * Every try counts against the client's address. A wrong password counts against the account from
 * this client (the try is counted first and given back when the password proves right, so parallel
 * guesses get no more tries) and from everywhere. The account's ceiling refuses only clients that
 * have failed on it: the right password from a client that has not failed always gets in, so guesses
 * spread over many addresses cannot lock the owner out.
 */
export async function signIn(input: SignInInput, headers: Headers, address: string) {
  await hit('signInPerAddress', address);
  const here = `${input.email} ${addressKey(address)}`;
  const failedHereBefore = (await hit('signInFailuresPerAccountAndAddress', here)) > 1;
  const everywhere = await peek('signInFailuresPerAccount', input.email);
  if (failedHereBefore && everywhere.count >= limits.signInFailuresPerAccount.max)
    throw new AppError('RATE_LIMITED', undefined, everywhere.retryAfterSeconds);
  await refuseUnconfirmed(input, here);
  const auth = await getAuth();
  try {
    const { headers: authHeaders, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    await refund('signInFailuresPerAccountAndAddress', here);
    return { user: await mirrorUser(response.user.id), headers: authHeaders };
  } catch (error) {
    const code = authCode(error);
    if (code === 'INVALID_EMAIL_OR_PASSWORD') {
      await withinLimit('signInFailuresPerAccount', input.email);
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (code === 'ACCOUNT_SUSPENDED' || code === 'EMAIL_NOT_VERIFIED') {
      await refund('signInFailuresPerAccountAndAddress', here);
      throw new AppError(code);
    }
    throw error;
  }
}

/**
 * An account whose address is not confirmed gets no session. The password of any of its sign-ups
 * answers EMAIL_NOT_VERIFIED, and a new link goes out within the limits of confirmation e-mails (so
 * that signing in over and over cannot flood the address); any other answers like a wrong password.
 */
async function refuseUnconfirmed(input: SignInInput, here: string): Promise<void> {
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (!user || user.emailVerified) return;
  if (!(await signUpWithPassword(user.id, input.password))) {
    await withinLimit('signInFailuresPerAccount', input.email);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await refund('signInFailuresPerAccountAndAddress', here);
  if (await withinConfirmationLimits(user.email)) await mailConfirmationLink(user);
  throw new AppError('EMAIL_NOT_VERIFIED');
}

export async function signOut(headers: Headers): Promise<Headers> {
  const auth = await getAuth();
  const { headers: authHeaders } = await auth.api.signOut({ headers, returnHeaders: true });
  return authHeaders;
}

/**
 * confirmation-email/{userId}: the link proves the mailbox; what it confirms is chosen by a second
 * proof, since the link may have been produced by someone else's sign-up with the member's address.
 * - An account made with a password: the password of one of its sign-ups (addSignUpRequest). That
 *   sign-up becomes the account (its password and names); the others, any session and any provider
 *   link go.
 * - An account made through a provider that did not vouch for the address: the same browser coming
 *   back from that provider (the answer carries a proof for a cookie; lib/server/auth/auth.ts
 *   confirmedByMailboxProof).
 * It never signs a browser in by itself. docs/decisions/0034-sign-ups-confirmed-by-their-own-proof.md
 */
export async function confirmEmail(userId: string, token: string, password?: string): Promise<EmailConfirmation> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
  const [standing] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, confirmationIdentifier(userId)),
        eq(verifications.value, confirmationDigest(token)),
        gt(verifications.expiresAt, new Date()),
      ),
    );
  if (!standing) throw new AppError('INVALID_EMAIL_TOKEN');
  const signUps = await signUpsOf(userId);
  if (!signUps.length) {
    const [linked] = await db
      .select({ providerId: accounts.providerId })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), ne(accounts.providerId, 'credential')));
    const provider = socialProviders.find((name): name is SocialProvider => name === linked?.providerId);
    if (provider) return { status: 'provider', provider, proof: await mailboxProof(userId) };
  }
  if (!password) throw new AppError('CONFIRM_PASSWORD_REQUIRED', { password: 'passwordRequired' });
  await hit('passwordChecksPerUser', userId);
  const chosen = await signUpWithPassword(userId, password);
  if (!chosen) throw new AppError('CONFIRM_PASSWORD_INVALID', { password: 'signUpPasswordInvalid' });
  await db.transaction(async (tx) => {
    const { request } = chosen;
    await tx
      .update(users)
      .set({
        emailVerified: true,
        updatedAt: new Date(),
        ...(request && {
          name: `${request.firstname} ${request.lastname}`,
          firstname: request.firstname,
          lastname: request.lastname,
          birthDate: request.birthDate,
          locale: request.locale,
          termsAcceptedAt: new Date(),
        }),
      })
      .where(eq(users.id, userId));
    if (request) await setCredential(tx, userId, request.hash);
    await dropPending(tx, userId);
  });
  return { status: 'confirmed' };
}

/** The account's password, whether or not it had one. */
async function setCredential(tx: Tx, userId: string, hash: string): Promise<void> {
  const updated = await tx
    .update(accounts)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (!updated.length)
    await tx.insert(accounts).values({
      id: randomBytes(16).toString('hex'),
      userId,
      accountId: userId,
      providerId: 'credential',
      password: hash,
    });
}

/** Once the address is confirmed by its owner: what no one proved goes (sessions, provider links, the other sign-ups, links). */
async function dropPending(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(and(eq(accounts.userId, userId), ne(accounts.providerId, 'credential')));
  await tx
    .delete(verifications)
    .where(
      inArray(verifications.identifier, [
        confirmationIdentifier(userId),
        signUpIdentifier(userId),
        mailboxProofIdentifier(userId),
      ]),
    );
}

/** A proof, for this browser's cookie, that it opened a standing confirmation link of the account. */
async function mailboxProof(userId: string): Promise<string> {
  const secret = randomBytes(24).toString('base64url');
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, mailboxProofIdentifier(userId)));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString('hex'),
      identifier: mailboxProofIdentifier(userId),
      value: createHash('sha256').update(secret).digest('hex'),
      expiresAt: new Date(Date.now() + mailboxProofSeconds * 1000),
    });
  });
  return `${userId}.${secret}`;
}

/** New confirmation links: a minute apart and a few a day for an address, a few an hour from a client. */
async function limitConfirmations(email: string, address: string): Promise<void> {
  await hit('emailConfirmationPerAddress', address);
  await hit('emailConfirmationPerAccount', email);
  await hit('emailConfirmationPerAccountPerDay', email);
}

/** confirmation-email/{userId}: a new link, for the account of the link that did not work. */
export async function resendEmailConfirmation(userId: string, address: string): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
  await limitConfirmations(user.email.toLowerCase(), address);
  await mailConfirmationLink(user);
}

/**
 * inscription, after signing up: a new link to an address. Whether it has an unconfirmed account is
 * looked at in a job, so the answer, and the time it takes, are the same for any address.
 */
export async function resendConfirmationTo(email: string, address: string): Promise<void> {
  await limitConfirmations(email, address);
  await enqueue(await getDb(), 'account-link', { link: 'confirm', email });
}

/**
 * mot-de-passe-oublie: sends the reset link; a second request for the same address within the
 * limit's window is refused, whether or not an account has it, and the link is made in a job, so
 * that answers and their times tell nothing.
 */
export async function requestPasswordReset(input: ForgotPasswordInput, address: string): Promise<void> {
  await hit('passwordResetPerAddress', address);
  await hit('passwordResetPerAccount', input.email);
  await enqueue(await getDb(), 'account-link', { link: 'reset', email: input.email });
}

/** The account-link job: the link of an address typed on forgot-password or inscription, if it has an account. */
export async function sendAccountLink(link: 'confirm' | 'reset', email: string): Promise<void> {
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user) return;
  const auth = await getAuth();
  if (link === 'reset') await auth.api.requestPasswordReset({ body: { email: user.email } });
  else if (!user.emailVerified) await mailConfirmationLink(user);
}

/** reinitialiser-mot-de-passe/{userId}: a valid token of this user, and a password that differs from the old. */
export async function resetPassword(userId: string, input: ResetPasswordInput): Promise<void> {
  const db = await getDb();
  const [verification] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, `reset-password:${input.token}`), gt(verifications.expiresAt, new Date())));
  if (!verification || verification.value !== userId) throw new AppError('RESET_TOKEN_INVALID');
  const auth = await getAuth();
  const context = await auth.$context;
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (credential?.password && (await context.password.verify({ hash: credential.password, password: input.password })))
    throw new AppError('PASSWORD_SAME_AS_OLD');
  try {
    await auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
  } catch (error) {
    if (authCode(error) === 'INVALID_TOKEN') throw new AppError('RESET_TOKEN_INVALID');
    throw error;
  }
  // The reset link proved the mailbox and its owner chose this password: an unconfirmed address is
  // confirmed with it, and whatever someone else left pending there goes.
  await db.transaction(async (tx) => {
    const [pending] = await tx
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
      .returning({ id: users.id });
    if (pending) await dropPending(tx, userId);
  });
}
