import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError } from '@/lib/errors';
import type { Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { siteUrl } from '@/lib/env';
import type { ForgotPasswordInput, ResetPasswordInput, SignInInput, SignUpInput } from '@/lib/schemas/auth';
import { confirmationDigest, confirmationIdentifier, getAuth, userLocale } from '@/lib/server/auth/auth';
import { getDb } from '@/lib/server/db/client';
import { accounts, users, verifications } from '@/lib/server/db/schema';
import { addressKey, hit, limits, peek, refund, withinLimit } from '@/lib/server/limits';
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
    const hash = await (await auth.$context).password.hash(input.password);
    if (existing.emailVerified) await sendAccountExists(existing);
    else await replaceUnconfirmed(existing.id, input, locale, hash);
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

/**
 * A second sign-up for an address nobody confirmed yet: whoever holds the mailbox decides. The new
 * password and names replace the first ones, the first links stop working, and a new link goes out.
 */
async function replaceUnconfirmed(userId: string, input: SignUpInput, locale: Locale, hash: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        name: `${input.firstname} ${input.lastname}`,
        firstname: input.firstname,
        lastname: input.lastname,
        birthDate: input.birthDate,
        termsAcceptedAt: new Date(),
        locale,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx
      .update(accounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    await tx.delete(verifications).where(eq(verifications.identifier, confirmationIdentifier(userId)));
  });
  // Quietly within the resend limit: a refusal here would tell that the address has an account.
  if (await withinLimit('emailConfirmationPerAccountPerDay', input.email))
    await (await getAuth()).api.sendVerificationEmail({ body: { email: input.email } });
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
    if (code === 'ACCOUNT_SUSPENDED') {
      await refund('signInFailuresPerAccountAndAddress', here);
      throw new AppError('ACCOUNT_SUSPENDED');
    }
    if (code === 'EMAIL_NOT_VERIFIED') {
      await refund('signInFailuresPerAccountAndAddress', here);
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

/**
 * confirmation-email/{userId}: checks the link's token (one of the links still standing for this
 * account) and confirms the address. It never signs a browser in: a link can be sent to someone
 * else, who would then work inside the sender's account. The member signs in with the password.
 */
export async function confirmEmail(userId: string, token: string): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
  if (tokenEmail(token) !== user.email.toLowerCase()) throw new AppError('INVALID_EMAIL_TOKEN');
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
  const auth = await getAuth();
  try {
    await auth.api.verifyEmail({ query: { token } });
    await db.delete(verifications).where(eq(verifications.identifier, confirmationIdentifier(userId)));
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
  else if (!user.emailVerified) await auth.api.sendVerificationEmail({ body: { email: user.email } });
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
