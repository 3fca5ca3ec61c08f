import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError } from '@/lib/errors';
import type { Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { siteUrl } from '@/lib/env';
import type { ForgotPasswordInput, ResetPasswordInput, SignInInput, SignUpInput } from '@/lib/schemas/auth';
import { getAuth, userLocale } from '@/lib/server/auth/auth';
import { getDb } from '@/lib/server/db/client';
import { accounts, users, verifications } from '@/lib/server/db/schema';
import { hit, refund } from '@/lib/server/limits';
import { enqueue } from '@/lib/server/jobs/queue';
import { translator } from '@/lib/server/translate';
import { mirrorUser } from './member';

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
    await (await auth.$context).password.hash(input.password);
    await sendAccountExists(existing);
    return;
  }
  try {
    await auth.api.signUpEmail({
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

async function sendAccountExists(user: typeof users.$inferSelect): Promise<void> {
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
 * Every try counts against the address; a try counts as a failure against the account (from this
 * address, and from everywhere) until the password proves right, so the owner elsewhere is not
 * locked out by someone guessing.
 */
export async function signIn(input: SignInInput, headers: Headers, address: string) {
  await hit('signInPerAddress', address);
  const failures = [
    ['signInFailuresPerAccountAndAddress', `${input.email} ${address}`],
    ['signInFailuresPerAccount', input.email],
  ] as const;
  for (const [limit, key] of failures) await hit(limit, key);
  const passwordRight = () => Promise.all(failures.map(([limit, key]) => refund(limit, key)));
  const auth = await getAuth();
  try {
    const { headers: authHeaders, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    await passwordRight();
    return { user: await mirrorUser(response.user.id), headers: authHeaders };
  } catch (error) {
    const code = authCode(error);
    if (code === 'INVALID_EMAIL_OR_PASSWORD') throw new AppError('INVALID_CREDENTIALS');
    if (code === 'ACCOUNT_SUSPENDED') {
      await passwordRight();
      throw new AppError('ACCOUNT_SUSPENDED');
    }
    if (code === 'EMAIL_NOT_VERIFIED') {
      await passwordRight();
      throw new AppError('EMAIL_NOT_VERIFIED');
    }
    throw error;
  }
}

export async function signOut(headers: Headers): Promise<Headers> {
  const auth = await getAuth();
  const { headers: authHeaders } = await auth.api.signOut({ headers, returnHeaders: true });
  return authHeaders;
}

function tokenEmail(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: string;
    };
    return payload.email?.toLowerCase();
  } catch {
    return undefined;
  }
}

/** confirmation-email/{userId}: checks the link's token and signs the user in. */
export async function confirmEmail(userId: string, token: string) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
  if (tokenEmail(token) !== user.email.toLowerCase()) throw new AppError('INVALID_EMAIL_TOKEN');
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.verifyEmail({ query: { token }, returnHeaders: true });
    return { user: await mirrorUser(userId), headers };
  } catch (error) {
    const code = authCode(error);
    if (code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED' || code === 'USER_NOT_FOUND')
      throw new AppError('INVALID_EMAIL_TOKEN');
    throw error;
  }
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
  await (await getAuth()).api.sendVerificationEmail({ body: { email: user.email } });
}

/** inscription, after signing up: a new link to an address, answered alike whether or not it has an unconfirmed account. */
export async function resendConfirmationTo(email: string, address: string): Promise<void> {
  await limitConfirmations(email, address);
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!user || user.emailVerified) return;
  await (await getAuth()).api.sendVerificationEmail({ body: { email: user.email } });
}

/**
 * mot-de-passe-oublie: sends the reset link; a second request for the same address within the
 * limit's window is refused, whether or not an account has it, so that answers tell nothing.
 */
export async function requestPasswordReset(input: ForgotPasswordInput, address: string): Promise<void> {
  await hit('passwordResetPerAddress', address);
  await hit('passwordResetPerAccount', input.email);
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (!user) return;
  const auth = await getAuth();
  await auth.api.requestPasswordReset({ body: { email: input.email } });
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
}
