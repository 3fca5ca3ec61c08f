import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { and, eq, gt, inArray, like, ne, or, sql } from 'drizzle-orm';
import { avatarSize, listingKinds, socialProviders, type ListingKind, type SocialProvider } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { siteUrl } from '@/lib/env';
import { localPath } from '@/lib/i18n/paths';
import type {
  AccountDeletion,
  ChangeEmailInput,
  ChangePasswordInput,
  EmailChange,
  Settings,
  SettingsInput,
} from '@/lib/schemas/member';
import { getAuth, userLocale } from '@/lib/server/auth/auth';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import {
  liveEvents,
  accounts,
  alertMatches,
  conversations,
  favourites,
  newsletterSubscriptions,
  packages,
  ratings,
  sessions,
  travels,
  users,
  verifications,
} from '@/lib/server/db/schema';
import { inspectImage, maxImagePixels } from '@/lib/server/storage/images';
import { hit } from '@/lib/server/limits';
import type { Tx } from '@/lib/server/db/client';
import { z } from '@/lib/zod';
import { conversationImageFolder, invalidateListing, listingFolders } from '@/lib/server/listings/listings';
import { identityFolder } from '@/lib/server/moderation/identity';
import { enqueue } from '@/lib/server/jobs/queue';
import { memberRow, type MemberRow } from './member';
import { notificationsOf, updateNotifications } from '@/lib/server/notify';
import { recomputeRatings } from './ratings';
import { putFile, removeFile, type StoredFolder } from '@/lib/server/storage';
import { translator } from '@/lib/server/translate';

// The member's own account (parametres): names, avatar, password, e-mail, language, e-mail switches,
// a copy of everything stored about them, and deleting it all. docs/architecture.md "Member space" says what
// deleting removes; the privacy page says the same.

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const HOUR = 3600 * 1000;

/** How long the link sent to a new e-mail address works. */
export const emailChangeHours = 24;

async function settingsOf(user: MemberRow): Promise<Settings> {
  return {
    signIns: await signInsOf(user.id),
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    emailVerified: user.emailVerified,
    phone: user.phone,
    phoneVerified: user.phoneVerified,
    avatar: user.image,
    locale: userLocale(user),
    notifications: await notificationsOf(user.id),
    memberSince: user.createdAt.toISOString(),
  };
}

/** Where a member's avatar files live. */
export function avatarFolder(userId: string): string {
  return `avatars/${userId}`;
}

/** GET /me */
export async function getSettings(userId: string): Promise<Settings> {
  return settingsOf(await memberRow(userId));
}

/** PATCH /me: names, preferred language (the language of the e-mails), notification settings. */
export async function updateSettings(userId: string, input: SettingsInput): Promise<Settings> {
  const current = await memberRow(userId);
  const firstname = input.firstname ?? current.firstname;
  const lastname = input.lastname ?? current.lastname;
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ firstname, lastname, name: `${firstname} ${lastname}`, ...(input.locale ? { locale: input.locale } : {}) })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (input.notifications) await updateNotifications(tx, userId, input.notifications);
    return user;
  });
  return settingsOf(user);
}

/** Sets the member's avatar key (or none); the previous file is removed once that is committed. */
async function replaceAvatar(userId: string, key: string | null): Promise<Settings> {
  const db = await getDb();
  const { user, previous } = await db.transaction(async (tx) => {
    const [before] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId)).for('update');
    const [user] = await tx.update(users).set({ image: key }).where(eq(users.id, userId)).returning();
    return { user: user!, previous: before?.image };
  });
  if (previous && previous !== key)
    await removeFile(previous).catch((error) => console.error('[storage] could not remove an avatar', error));
  return settingsOf(user);
}

/** Before the picture's body is read (route()'s `beforeBody`): the upload limit allows one more. */
export async function prepareAvatar(userId: string): Promise<void> {
  await memberRow(userId);
  await hit('imageUploadsPerUser', userId);
}

/**
 * POST /me/avatar, once prepareAvatar passed: the type is read from the content; the picture is
 * cropped square and re-encoded (its metadata, GPS included, is dropped); the previous one is removed.
 */
export async function setAvatar(userId: string, files: File[]): Promise<Settings> {
  if (!files.length) throw new AppError('NO_FILE');
  if (files.length > 1) throw new AppError('TOO_MANY_IMAGES');
  const image = await inspectImage(files[0]!);
  const data = await sharp(image.data, { limitInputPixels: maxImagePixels })
    .rotate()
    .resize(avatarSize, avatarSize, { fit: 'cover', position: 'attention' })
    .webp({ quality: 80 })
    .toBuffer();
  const key = `${avatarFolder(userId)}/${randomBytes(6).toString('hex')}.webp`;
  await putFile(key, data);
  try {
    return await replaceAvatar(userId, key);
  } catch (error) {
    await removeFile(key);
    throw error;
  }
}

/** DELETE /me/avatar */
export async function removeAvatar(userId: string): Promise<Settings> {
  await memberRow(userId);
  return replaceAvatar(userId, null);
}

/** How the member signs in: a password, and the providers linked to the account. */
async function signInsOf(userId: string): Promise<Settings['signIns']> {
  const db = await getDb();
  const rows = await db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return {
    password: rows.some((row) => row.providerId === 'credential' && !!row.password),
    providers: socialProviders.filter((provider) => rows.some((row) => row.providerId === provider)),
  };
}

/**
 * DELETE /me/sign-ins/{provider}: the provider no longer signs the member in (the e-mail that told
 * them it was linked says how). Never the last way in; the member's other sessions end.
 */
export async function removeSignIn(userId: string, headers: Headers, provider: SocialProvider): Promise<Settings> {
  const current = await (await getAuth()).api.getSession({ headers });
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const rows = await tx
      .select({ id: accounts.id, providerId: accounts.providerId, password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    const linked = rows.find((row) => row.providerId === provider);
    if (!linked) throw new AppError('NOT_FOUND');
    const othersLeft = rows.filter((row) => row.id !== linked.id && (row.providerId !== 'credential' || row.password));
    if (!othersLeft.length) throw new AppError('LAST_SIGN_IN_METHOD');
    await tx.delete(accounts).where(eq(accounts.id, linked.id));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), current ? ne(sessions.token, current.session.token) : sql`true`));
  });
  return getSettings(userId);
}

async function credentialHash(userId: string): Promise<string | null> {
  const db = await getDb();
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return credential?.password ?? null;
}

/** The member's password, typed again: every try counts (lib/server/limits.ts), right or wrong. */
async function checkPassword(userId: string, password: string, field = 'password'): Promise<void> {
  await hit('passwordChecksPerUser', userId);
  const hash = await credentialHash(userId);
  const context = await (await getAuth()).$context;
  if (!hash || !(await context.password.verify({ hash, password })))
    throw new AppError('CURRENT_PASSWORD_INVALID', { [field]: 'currentPasswordInvalid' });
}

/**
 * POST /me/password: the current password, a new one of at least 6 that differs from it (the two
 * typed alike, checked by the schema). The member's other sessions are signed out; this one stays.
 */
export async function changePassword(userId: string, headers: Headers, input: ChangePasswordInput): Promise<void> {
  await checkPassword(userId, input.currentPassword, 'currentPassword');
  const context = await (await getAuth()).$context;
  if (input.password === input.currentPassword)
    throw new AppError('PASSWORD_SAME_AS_OLD', { password: 'passwordSameAsOld' });
  const hash = await context.password.hash(input.password);
  const current = await (await getAuth()).api.getSession({ headers });
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ password: hash })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), current ? ne(sessions.token, current.session.token) : sql`true`));
  });
}

const emailChangeIdentifier = (token: string) => `email-change:${sha256(token)}`;
/** A member without a password approves a change of address from the current mailbox first. */
const emailChangeApprovalIdentifier = (token: string) => `email-change-approve:${sha256(token)}`;
const emailChangeValue = z.object({ userId: z.string(), email: z.string() });

type EmailsText = ReturnType<typeof translator<'Emails'>>;

/**
 * A link of the member's account, kept by its token's digest under `identifier` for `hours`, e-mailed
 * (to `to`, else the member's address) in the member's language; `write` words the e-mail around its URL.
 */
async function mailLink(
  tx: Tx,
  user: MemberRow,
  link: { identifier: (token: string) => string; value: string; hours: number; page: string; to?: string },
  write: (t: EmailsText, url: string) => { subject: string; text: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(verifications).values({
    id: randomBytes(12).toString('base64url'),
    identifier: link.identifier(token),
    value: link.value,
    expiresAt: new Date(Date.now() + link.hours * HOUR),
  });
  const locale = userLocale(user);
  const url = `${siteUrl}${localPath(locale, link.page)}?token=${encodeURIComponent(token)}`;
  await enqueue(tx, 'mail', { to: link.to ?? user.email, ...write(translator(locale, 'Emails'), url) });
}

/** The link that makes `email` the member's address, sent there (one pending change at a time). */
async function sendEmailChangeLink(tx: Tx, user: MemberRow, email: string): Promise<void> {
  await tx
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, 'email-change:%'),
        like(verifications.value, `{"userId":${JSON.stringify(user.id)},%`),
      ),
    );
  const value = JSON.stringify({ userId: user.id, email });
  const link = { identifier: emailChangeIdentifier, value, hours: emailChangeHours, page: 'nouvel-email', to: email };
  await mailLink(tx, user, link, (t, url) => ({
    subject: t('emailChangeSubject'),
    text: t('emailChangeText', { firstname: user.firstname, url, hours: emailChangeHours }),
  }));
}

/**
 * POST /me/email: a link to the new address, which becomes the account's once followed
 * (confirmEmailChange). The password proves it is the member asking; a member who signs in only
 * through a provider has none, and approves from the current mailbox first (a link sent there).
 * An address another account uses is refused (EMAIL_TAKEN).
 */
export async function requestEmailChange(userId: string, input: ChangeEmailInput): Promise<EmailChange> {
  const user = await memberRow(userId);
  const { password } = await signInsOf(userId);
  if (password) await checkPassword(userId, input.password ?? '');
  if (input.email === user.email.toLowerCase()) throw new AppError('VALIDATION_FAILED', { email: 'emailUnchanged' });
  await hit('emailChangesPerUser', userId);
  const db = await getDb();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (taken) throw new AppError('EMAIL_TAKEN', { email: 'emailTaken' });
  if (password) {
    await db.transaction((tx) => sendEmailChangeLink(tx, user, input.email));
    return { sentTo: 'new-address' };
  }
  const value = JSON.stringify({ userId, email: input.email });
  const link = { identifier: emailChangeApprovalIdentifier, value, hours: emailChangeHours, page: 'nouvel-email' };
  await db.transaction((tx) =>
    mailLink(tx, user, link, (t, url) => ({
      subject: t('emailChangeApproveSubject'),
      text: t('emailChangeApproveText', {
        firstname: user.firstname,
        email: input.email,
        url,
        hours: emailChangeHours,
      }),
    })),
  );
  return { sentTo: 'current-address' };
}

/** A standing link's row, taken (deleted) at once so that it works once. */
async function takeLink(identifier: string) {
  const db = await getDb();
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())))
    .returning();
  return row;
}

/**
 * POST /me/email/confirm: the link sent to the new address makes it the account's, confirmed (the old
 * one is told); the approval sent to the current address of a member without a password sends that link.
 */
export async function confirmEmailChange(token: string): Promise<{ status: 'changed' | 'link-sent' }> {
  const approval = await takeLink(emailChangeApprovalIdentifier(token));
  if (approval) {
    const { userId, email } = emailChangeValue.parse(JSON.parse(approval.value));
    const user = await memberRow(userId);
    const db = await getDb();
    await db.transaction((tx) => sendEmailChangeLink(tx, user, email));
    return { status: 'link-sent' };
  }
  const db = await getDb();
  const [pending] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, emailChangeIdentifier(token)), gt(verifications.expiresAt, new Date())));
  if (!pending) throw new AppError('INVALID_EMAIL_TOKEN');
  const { userId, email } = emailChangeValue.parse(JSON.parse(pending.value));
  const before = await memberRow(userId);
  const t = translator(userLocale(before), 'Emails');
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ email, emailVerified: true }).where(eq(users.id, userId));
      await tx.delete(verifications).where(eq(verifications.id, pending.id));
      await enqueue(tx, 'mail', {
        to: before.email,
        subject: t('emailChangedSubject'),
        text: t('emailChangedText', { firstname: before.firstname, email }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  return { status: 'changed' };
}

/**
 * DELETE /me, with the password. Removed at once: the account (names, e-mail, phone, birth date,
 * avatar), its password and sessions, its listings and their photos, every conversation it took part
 * in and the photos sent there (for the other side too), its proposals, favourites, likes, ratings
 * given and received (the averages of the members it rated are computed again), reports, alerts and
 * the newsletter subscription of its address. Messages to support stay, detached from the account.
 */
export async function deleteAccount(userId: string, password: string | undefined): Promise<AccountDeletion> {
  const user = await memberRow(userId);
  if ((await signInsOf(userId)).password) {
    await checkPassword(userId, password ?? '');
    await removeAccount(user);
    return { status: 'deleted' };
  }
  // A member who signs in only through a provider has no password to type: a link to their mailbox confirms.
  await hit('accountDeletionLinksPerUser', userId);
  const db = await getDb();
  const link = {
    identifier: accountDeletionIdentifier,
    value: userId,
    hours: accountDeletionHours,
    page: 'suppression-compte',
  };
  await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, 'account-delete:%'), eq(verifications.value, userId)));
    await mailLink(tx, user, link, (t, url) => ({
      subject: t('accountDeleteSubject'),
      text: t('accountDeleteText', { firstname: user.firstname, url, hours: accountDeletionHours }),
    }));
  });
  return { status: 'link-sent' };
}

const accountDeletionIdentifier = (token: string) => `account-delete:${sha256(token)}`;
const accountDeletionHours = 1;

/** POST /me/deletion/confirm: the link e-mailed to a member without a password deletes the account. */
export async function confirmAccountDeletion(token: string): Promise<AccountDeletion> {
  const link = await takeLink(accountDeletionIdentifier(token));
  if (!link) throw new AppError('INVALID_EMAIL_TOKEN');
  await removeAccount(await memberRow(link.value));
  return { status: 'deleted' };
}

async function removeAccount(user: MemberRow): Promise<void> {
  const userId = user.id;
  const db = await getDb();
  const ownListings: { kind: ListingKind; id: string }[] = [];
  const rated = await db.select({ id: ratings.ratedUserId }).from(ratings).where(eq(ratings.authorId, userId));
  await db.transaction(async (tx) => {
    // The member's row locked, no listing or conversation of theirs can appear before it goes.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    for (const kind of listingKinds) {
      const t = kind === 'package' ? packages : travels;
      for (const row of await tx.select({ id: t.id }).from(t).where(eq(t.ownerId, userId)))
        ownListings.push({ kind, id: row.id });
    }
    const talks = await tx
      .select({ id: conversations.id, ownerId: conversations.ownerId, contactId: conversations.contactId })
      .from(conversations)
      .where(or(eq(conversations.ownerId, userId), eq(conversations.contactId, userId)));
    // The other sides' live events replay the member's messages, proposals and phone for 72 hours: gone too.
    const others = [...new Set(talks.map((talk) => (talk.ownerId === userId ? talk.contactId : talk.ownerId)))];
    if (others.length)
      await tx
        .delete(liveEvents)
        .where(
          and(
            inArray(liveEvents.userId, others),
            or(
              ...[userId, ...talks.map((talk) => talk.id)].map(
                (id) => sql`strpos(${liveEvents.payload}::text, ${JSON.stringify(id)}) > 0`,
              ),
            ),
          ),
        );
    const folders: StoredFolder[] = [
      { area: 'public', folder: avatarFolder(userId) },
      // Identity pictures: their check rows go with the user's row, so the identity-files job would never find them.
      { area: 'private', folder: identityFolder(userId) },
      ...(await listingFolders(tx, ownListings)),
      ...talks.map((talk) => ({ area: 'private' as const, folder: conversationImageFolder(talk.id) })),
    ];
    for (const kind of listingKinds) {
      const ids = ownListings.filter((l) => l.kind === kind).map((l) => l.id);
      if (!ids.length) continue;
      await tx.delete(favourites).where(and(eq(favourites.kind, kind), inArray(favourites.listingId, ids)));
      await tx.delete(alertMatches).where(and(eq(alertMatches.kind, kind), inArray(alertMatches.listingId, ids)));
    }
    await tx
      .delete(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${user.email.toLowerCase()}`);
    // The rest goes with the user's row (foreign keys on cascade); support messages keep no link to it.
    await tx.delete(users).where(eq(users.id, userId));
    await recomputeRatings(
      tx,
      rated.map((r) => r.id),
    );
    const unique = new Map(folders.map((f) => [`${f.area}/${f.folder}`, f]));
    await enqueue(tx, 'remove-files', { folders: [...unique.values()] });
  });
  for (const listing of ownListings) await invalidateListing(listing.kind, listing.id);
}
