import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { and, eq, gt, inArray, like, ne, or, sql } from 'drizzle-orm';
import { avatarSize, listingKinds, type ListingKind } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { siteUrl } from '@/lib/env';
import { localPath } from '@/lib/i18n/paths';
import type { ChangeEmailInput, ChangePasswordInput, Settings, SettingsInput } from '@/lib/schemas/member';
import { getAuth, userLocale } from '@/lib/server/auth/auth';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import {
  liveEvents,
  accounts,
  alertMatches,
  blocks,
  identityChecks,
  moderationLog,
  pushSubscriptions,
  contactMessages,
  conversations,
  favourites,
  likes,
  messages,
  newsletterSubscriptions,
  packageImages,
  packages,
  proposals,
  ratings,
  reports,
  routeAlerts,
  sessions,
  travels,
  users,
  verifications,
} from '@/lib/server/db/schema';
import { inspectImage, maxImagePixels } from '@/lib/server/storage/images';
import { hit } from '@/lib/server/limits';
import { conversationImageFolder, invalidateListing, listingFolders } from '@/lib/server/listings/listings';
import { enqueue } from '@/lib/server/jobs/queue';
import { memberRow, type MemberRow } from './member';
import { notificationsOf, updateNotifications } from './notifications';
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

/**
 * POST /me/email: with the password, a link to the new address; the address changes when it is
 * followed (confirmEmailChange). An address another account uses is refused (EMAIL_TAKEN).
 */
export async function requestEmailChange(userId: string, input: ChangeEmailInput): Promise<void> {
  const user = await memberRow(userId);
  await checkPassword(userId, input.password);
  if (input.email === user.email.toLowerCase()) throw new AppError('VALIDATION_FAILED', { email: 'emailUnchanged' });
  await hit('emailChangesPerUser', userId);
  const db = await getDb();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (taken) throw new AppError('EMAIL_TAKEN', { email: 'emailTaken' });
  const token = randomBytes(32).toString('base64url');
  const locale = userLocale(user);
  const t = translator(locale, 'Emails');
  await db.transaction(async (tx) => {
    // One pending change at a time: a new request replaces the previous link.
    await tx
      .delete(verifications)
      .where(
        and(
          like(verifications.identifier, 'email-change:%'),
          like(verifications.value, `{"userId":${JSON.stringify(userId)},%`),
        ),
      );
    await tx.insert(verifications).values({
      id: randomBytes(12).toString('base64url'),
      identifier: emailChangeIdentifier(token),
      value: JSON.stringify({ userId, email: input.email }),
      expiresAt: new Date(Date.now() + emailChangeHours * HOUR),
    });
    await enqueue(tx, 'mail', {
      to: input.email,
      subject: t('emailChangeSubject'),
      text: t('emailChangeText', {
        firstname: user.firstname,
        url: `${siteUrl}${localPath(locale, 'nouvel-email')}?token=${encodeURIComponent(token)}`,
        hours: emailChangeHours,
      }),
    });
  });
}

/** POST /me/email/confirm: the link's token makes the new address the account's, confirmed; the old one is told. */
export async function confirmEmailChange(token: string): Promise<void> {
  const db = await getDb();
  const [pending] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, emailChangeIdentifier(token)), gt(verifications.expiresAt, new Date())));
  if (!pending) throw new AppError('INVALID_EMAIL_TOKEN');
  const { userId, email } = JSON.parse(pending.value) as { userId: string; email: string };
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
}

// ---------------------------------------------------------------- my data

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * GET /me/export: everything stored about the member, as JSON: account, listings and photos,
 * proposals, conversations and their messages, favourites, likes, ratings given and received,
 * reports made (and the reasons of those about them, without who made them), alerts, sessions
 * (without their tokens), newsletter and contact-form messages, members blocked, identity checks,
 * moderation's decisions, push subscriptions. Never a password hash, a token or a key.
 */
export async function exportData(userId: string): Promise<Record<string, unknown>> {
  const user = await memberRow(userId);
  const db = await getDb();
  const own = (kind: ListingKind) => (kind === 'package' ? packages : travels);
  const listings: Record<string, unknown[]> = {};
  for (const kind of listingKinds) {
    const t = own(kind);
    listings[kind] = await db.select().from(t).where(eq(t.ownerId, userId));
  }
  const packageIds = (listings.package as { id: string }[]).map((p) => p.id);
  const images = packageIds.length
    ? await db.select().from(packageImages).where(inArray(packageImages.packageId, packageIds))
    : [];
  const myProposals = await db
    .select({
      id: proposals.id,
      packageId: proposals.packageId,
      travelId: proposals.travelId,
      senderId: proposals.senderId,
      publisherId: proposals.publisherId,
      amount: proposals.amount,
      counterAmount: proposals.counterAmount,
      agreedAmount: proposals.agreedAmount,
      currency: proposals.currency,
      status: proposals.status,
      acceptedAt: proposals.acceptedAt,
      pickedUpAt: proposals.pickedUpAt,
      deliveredAt: proposals.deliveredAt,
      createdAt: proposals.createdAt,
      updatedAt: proposals.updatedAt,
    })
    .from(proposals)
    .where(or(eq(proposals.senderId, userId), eq(proposals.publisherId, userId)));
  const talks = await db
    .select()
    .from(conversations)
    .where(or(eq(conversations.ownerId, userId), eq(conversations.contactId, userId)));
  const talkMessages = talks.length
    ? await db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          senderId: messages.senderId,
          kind: messages.kind,
          body: messages.body,
          image: messages.imageKey,
          amount: messages.amount,
          status: messages.status,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(
          inArray(
            messages.conversationId,
            talks.map((c) => c.id),
          ),
        )
        .orderBy(messages.createdAt)
    : [];
  const session = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const reportsAbout = await db
    .select({ reason: reports.reason, createdAt: reports.createdAt })
    .from(reports)
    .where(eq(reports.reportedUserId, userId));
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      emailVerified: user.emailVerified,
      birthDate: user.birthDate,
      phone: user.phone,
      phoneVerified: user.phoneVerified,
      identityVerified: user.identityVerified,
      avatar: user.image,
      locale: user.locale,
      notifications: await notificationsOf(user.id, db),
      termsAcceptedAt: iso(user.termsAcceptedAt),
      ratingAverage: user.ratingAverage,
      ratingCount: user.ratingCount,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    signIns: await db
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId)),
    sessions: session,
    listings: { packages: listings.package, travels: listings.travel, packageImages: images },
    proposals: myProposals,
    conversations: talks.map((c) => ({ ...c, messages: talkMessages.filter((m) => m.conversationId === c.id) })),
    favourites: await db.select().from(favourites).where(eq(favourites.userId, userId)),
    likesGiven: await db.select().from(likes).where(eq(likes.userId, userId)),
    likesReceived: await db
      .select({ userId: likes.userId, createdAt: likes.createdAt })
      .from(likes)
      .where(eq(likes.likedUserId, userId)),
    ratingsGiven: await db.select().from(ratings).where(eq(ratings.authorId, userId)),
    ratingsReceived: await db.select().from(ratings).where(eq(ratings.ratedUserId, userId)),
    reportsMade: await db.select().from(reports).where(eq(reports.reporterId, userId)),
    reportsAboutYou: reportsAbout,
    routeAlerts: (await db.select().from(routeAlerts).where(eq(routeAlerts.userId, userId))).map(
      ({ unsubscribeToken, ...alert }) => (void unsubscribeToken, alert),
    ),
    newsletter: await db
      .select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt })
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${user.email.toLowerCase()}`),
    contactMessages: await db.select().from(contactMessages).where(eq(contactMessages.userId, userId)),
    membersBlocked: await db
      .select({ userId: blocks.blockedId, createdAt: blocks.createdAt })
      .from(blocks)
      .where(eq(blocks.blockerId, userId)),
    // The checks' outcome, not the pictures (staff only, deleted 30 days after the decision).
    identityChecks: await db
      .select({
        status: identityChecks.status,
        reason: identityChecks.reason,
        decidedAt: identityChecks.decidedAt,
        createdAt: identityChecks.createdAt,
      })
      .from(identityChecks)
      .where(eq(identityChecks.userId, userId)),
    // Moderation's decisions about the member, as they were told (not which moderator).
    moderation: await db
      .select({
        action: moderationLog.action,
        listingKind: moderationLog.listingKind,
        listingId: moderationLog.listingId,
        reason: moderationLog.reason,
        createdAt: moderationLog.createdAt,
      })
      .from(moderationLog)
      .where(eq(moderationLog.memberId, userId)),
    // The browsers that receive pushes (their push service's address; not their keys).
    pushSubscriptions: (
      await db
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
    ).map(({ endpoint, createdAt }) => ({ service: new URL(endpoint).origin, createdAt })),
  };
}

/**
 * DELETE /me, with the password. Removed at once: the account (names, e-mail, phone, birth date,
 * avatar), its password and sessions, its listings and their photos, every conversation it took part
 * in and the photos sent there (for the other side too), its proposals, favourites, likes, ratings
 * given and received (the averages of the members it rated are computed again), reports, alerts and
 * the newsletter subscription of its address. Messages to support stay, detached from the account.
 */
export async function deleteAccount(userId: string, password: string): Promise<void> {
  const user = await memberRow(userId);
  await checkPassword(userId, password);
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
