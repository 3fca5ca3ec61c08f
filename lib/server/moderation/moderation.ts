import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  listingKinds,
  reportRules,
  moderationRules,
  staffRoles,
  type ListingKind,
  type MemberRole,
  type ModerationAction,
} from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { env, siteUrl } from '@/lib/env';
import { localPath } from '@/lib/i18n/paths';
import { suppressionOf } from '@/lib/server/notify';
import { getDb, type Tx } from '@/lib/server/db/client';
import { identityChecks, moderationLog, reports, sessions, users } from '@/lib/server/db/schema';
import { enqueue } from '@/lib/server/jobs/queue';
import { invalidateListing, listingTable } from '@/lib/server/listings/listings';
import { userLocale } from '@/lib/server/auth/auth';
import { translator } from '@/lib/server/translate';
import type {
  ListingActionInput,
  MemberActionInput,
  MemberRecord,
  ModerationQueue,
  MemberHit,
} from '@/lib/schemas/moderation';

// Moderation (issue 22): staff read the queue of open reports, search members, read a member's record
// and act on it. Every action is one transaction: the change, the audit-log row, the reports it
// handles, and the e-mails to the member and to the reporters (jobs, sent after the commit).

export const isStaffRole = (role: string | null | undefined): boolean =>
  (staffRoles as readonly string[]).includes(role ?? '');

/** Throws unless this member is staff (the API's `staff` session rule and the moderation page). */
export async function assertStaff(userId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!isStaffRole(row?.role)) throw new AppError('FORBIDDEN');
}

const fullName = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`.trim();

async function memberRow(db: Pick<Tx, 'select'>, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/** The listing's title as the queue shows it: a parcel's name, else its route. */
async function listingLabels(refs: { kind: ListingKind; id: string }[]) {
  const db = await getDb();
  const labels = new Map<string, { ownerId: string; title: string; hidden: string | null }>();
  for (const kind of listingKinds) {
    const ids = [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
    if (!ids.length) continue;
    const t = listingTable(kind);
    const rows = await db
      .select({
        id: t.id,
        ownerId: t.ownerId,
        fromCity: t.fromCity,
        toCity: t.toCity,
        hidden: t.hidden,
        description: t.description,
      })
      .from(t)
      .where(inArray(t.id, ids));
    for (const r of rows)
      labels.set(`${kind}:${r.id}`, {
        ownerId: r.ownerId,
        title: `${r.fromCity} → ${r.toCity}${r.description ? ` · ${r.description.slice(0, 120)}` : ''}`,
        hidden: r.hidden,
      });
  }
  return labels;
}

// ---------------------------------------------------------------- reading

/**
 * The open reports, one group per listing reported (or per member when a report names no listing):
 * a member reported by `reportRules.flagAfter` different members or more comes first, then the
 * groups with the most reporters, then the oldest. And the identity checks waiting for a decision.
 */
export async function moderationQueue(): Promise<ModerationQueue> {
  const db = await getDb();
  const reporter = sql<string>`(select ${users.firstname} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${reports.reporterId})`;
  const rows = await db
    .select({
      id: reports.id,
      reporterId: reports.reporterId,
      reporterName: reporter,
      reportedUserId: reports.reportedUserId,
      reason: reports.reason,
      details: reports.details,
      listingKind: reports.listingKind,
      listingId: reports.listingId,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(isNull(reports.handledAt))
    .orderBy(asc(reports.createdAt));
  const memberIds = [...new Set(rows.map((r) => r.reportedUserId))];
  const members = new Map(
    (memberIds.length ? await db.select().from(users).where(inArray(users.id, memberIds)) : []).map((u) => [u.id, u]),
  );
  const reportersOf = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = reportersOf.get(r.reportedUserId) ?? new Set();
    set.add(r.reporterId);
    reportersOf.set(r.reportedUserId, set);
  }
  const labels = await listingLabels(
    rows.flatMap((r) => (r.listingKind && r.listingId ? [{ kind: r.listingKind, id: r.listingId }] : [])),
  );
  const groups = new Map<string, ModerationQueue['groups'][number]>();
  for (const r of rows) {
    const member = members.get(r.reportedUserId);
    if (!member) continue;
    const label = r.listingKind && r.listingId ? labels.get(`${r.listingKind}:${r.listingId}`) : undefined;
    const key = label ? `${r.listingKind}:${r.listingId}` : `member:${member.id}`;
    let group = groups.get(key);
    if (!group) {
      const reporters = reportersOf.get(member.id)?.size ?? 0;
      group = {
        key,
        member: {
          id: member.id,
          name: fullName(member),
          email: member.email,
          flagged: Boolean(member.flaggedAt) || reporters >= reportRules.flagAfter,
          suspended: Boolean(member.suspendedAt),
          reporters,
        },
        listing: label
          ? { kind: r.listingKind!, id: r.listingId!, title: label.title, hidden: label.hidden !== null }
          : null,
        reports: [],
      };
      groups.set(key, group);
    }
    group.reports.push({
      id: r.id,
      reason: r.reason,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
      reporter: { id: r.reporterId, name: r.reporterName ?? '' },
    });
  }
  const sorted = [...groups.values()]
    .sort(
      (a, b) =>
        Number(b.member.flagged) - Number(a.member.flagged) ||
        b.member.reporters - a.member.reporters ||
        a.reports[0]!.createdAt.localeCompare(b.reports[0]!.createdAt),
    )
    .slice(0, moderationRules.queueLimit);
  const identity = await db
    .select({
      id: identityChecks.id,
      userId: identityChecks.userId,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      createdAt: identityChecks.createdAt,
    })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(eq(identityChecks.status, 'pending'))
    .orderBy(asc(identityChecks.createdAt))
    .limit(moderationRules.queueLimit);
  return {
    groups: sorted,
    identity: identity.map((c) => ({
      id: c.id,
      member: { id: c.userId, name: fullName(c), email: c.email },
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/** Members whose e-mail or name holds the words typed (each word somewhere). */
export async function searchMembers(q: string): Promise<MemberHit[]> {
  const words = q.trim().split(/\s+/).filter(Boolean).slice(0, 4);
  if (!words.length) return [];
  const db = await getDb();
  const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        ...words.map((w) =>
          or(ilike(users.email, like(w)), ilike(users.firstname, like(w)), ilike(users.lastname, like(w))),
        ),
      ),
    )
    .orderBy(asc(users.email))
    .limit(moderationRules.searchLimit);
  return rows.map((u) => ({
    id: u.id,
    name: fullName(u),
    email: u.email,
    flagged: Boolean(u.flaggedAt),
    suspended: Boolean(u.suspendedAt),
  }));
}

/** What staff see of a member: their account, listings, reports, identity checks and the audit log. */
export async function memberRecord(userId: string): Promise<MemberRecord> {
  const db = await getDb();
  const member = await memberRow(db, userId);
  const listings: MemberRecord['listings'] = [];
  for (const kind of listingKinds) {
    const t = listingTable(kind);
    const rows = await db
      .select({ id: t.id, fromCity: t.fromCity, toCity: t.toCity, status: t.status, hidden: t.hidden })
      .from(t)
      .where(eq(t.ownerId, userId))
      .orderBy(desc(t.createdAt));
    for (const r of rows)
      listings.push({ kind, id: r.id, title: `${r.fromCity} → ${r.toCity}`, status: r.status, hidden: r.hidden });
  }
  const reporterName = sql<string>`(select ${users.firstname} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${reports.reporterId})`;
  const reportRows = await db
    .select({
      id: reports.id,
      reason: reports.reason,
      details: reports.details,
      listingKind: reports.listingKind,
      listingId: reports.listingId,
      handledAt: reports.handledAt,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterName,
    })
    .from(reports)
    .where(eq(reports.reportedUserId, userId))
    .orderBy(desc(reports.createdAt));
  const moderatorName = sql<
    string | null
  >`(select ${users.firstname} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${moderationLog.moderatorId})`;
  const log = await db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      reason: moderationLog.reason,
      listingKind: moderationLog.listingKind,
      listingId: moderationLog.listingId,
      createdAt: moderationLog.createdAt,
      moderatorId: moderationLog.moderatorId,
      moderatorName,
    })
    .from(moderationLog)
    .where(eq(moderationLog.memberId, userId))
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id));
  const checks = await db
    .select()
    .from(identityChecks)
    .where(eq(identityChecks.userId, userId))
    .orderBy(desc(identityChecks.createdAt));
  const suppressed = await suppressionOf(member.email, db);
  return {
    member: {
      id: member.id,
      name: fullName(member),
      email: member.email,
      role: member.role,
      locale: member.locale,
      createdAt: member.createdAt.toISOString(),
      phoneVerified: member.phoneVerified,
      identityVerified: member.identityVerified,
      flaggedAt: member.flaggedAt?.toISOString() ?? null,
      suspendedAt: member.suspendedAt?.toISOString() ?? null,
      suspensionReason: member.suspensionReason,
      mailSuppressed: suppressed
        ? { reason: suppressed.reason, detail: suppressed.detail, since: suppressed.at.toISOString() }
        : null,
    },
    listings,
    reports: reportRows.map((r) => ({
      id: r.id,
      reason: r.reason,
      details: r.details,
      listing: r.listingKind && r.listingId ? { kind: r.listingKind, id: r.listingId } : null,
      handled: r.handledAt !== null,
      createdAt: r.createdAt.toISOString(),
      reporter: { id: r.reporterId, name: r.reporterName ?? '' },
    })),
    log: log.map((l) => ({
      id: l.id,
      action: l.action,
      reason: l.reason,
      listing: l.listingKind && l.listingId ? { kind: l.listingKind, id: l.listingId } : null,
      createdAt: l.createdAt.toISOString(),
      moderator: l.moderatorId ? { id: l.moderatorId, name: l.moderatorName ?? '' } : null,
    })),
    identity: checks.map((c) => ({
      id: c.id,
      status: c.status,
      reason: c.reason,
      files: c.documentKey !== null && c.selfieKey !== null,
      createdAt: c.createdAt.toISOString(),
      decidedAt: c.decidedAt?.toISOString() ?? null,
    })),
  };
}

// ---------------------------------------------------------------- acting

/** One row of the audit log. */
export async function logAction(
  tx: Tx,
  entry: {
    moderatorId: string;
    memberId: string;
    action: ModerationAction;
    reason: string;
    listing?: { kind: ListingKind; id: string };
  },
): Promise<void> {
  await tx.insert(moderationLog).values({
    id: randomBytes(12).toString('base64url'),
    moderatorId: entry.moderatorId,
    memberId: entry.memberId,
    action: entry.action,
    reason: entry.reason,
    listingKind: entry.listing?.kind ?? null,
    listingId: entry.listing?.id ?? null,
  });
}

const memberMails = {
  warn: ['moderationWarnSubject', 'moderationWarnText'],
  suspend: ['moderationSuspendSubject', 'moderationSuspendText'],
  lift_suspension: ['moderationLiftSubject', 'moderationLiftText'],
  hide_listing: ['moderationHideSubject', 'moderationHideText'],
} as const;

/** The member hears of the action and its reason, in their language. */
async function tellMember(
  tx: Tx,
  member: typeof users.$inferSelect,
  action: 'warn' | 'suspend' | 'lift_suspension' | 'hide_listing',
  reason: string,
) {
  const locale = userLocale(member);
  const t = translator(locale, 'Emails');
  const [subject, text] = memberMails[action];
  await enqueue(tx, 'mail', {
    to: member.email,
    subject: t(subject),
    text: t(text, {
      firstname: member.firstname,
      reason,
      support: env.SUPPORT_EMAIL,
      url: siteUrl + localPath(locale, 'contact'),
    }),
  });
}

/** The open reports about this member (or this listing) are handled; each reporter is told, once per report. */
async function handleReports(tx: Tx, memberId: string, listing?: { kind: ListingKind; id: string }) {
  const where = [eq(reports.reportedUserId, memberId), isNull(reports.handledAt)];
  if (listing) where.push(eq(reports.listingKind, listing.kind), eq(reports.listingId, listing.id));
  const handled = await tx
    .update(reports)
    .set({ handledAt: new Date() })
    .where(and(...where))
    .returning({ reporterId: reports.reporterId });
  if (!handled.length) return;
  const reporters = await tx
    .select({ email: users.email, firstname: users.firstname, locale: users.locale })
    .from(users)
    .where(
      inArray(
        users.id,
        handled.map((h) => h.reporterId),
      ),
    );
  for (const reporter of reporters) {
    const t = translator(userLocale(reporter), 'Emails');
    await enqueue(tx, 'mail', {
      to: reporter.email,
      subject: t('moderationHandledSubject'),
      text: t('moderationHandledText', { firstname: reporter.firstname }),
    });
  }
}

async function listingsOf(tx: Pick<Tx, 'select'>, memberId: string) {
  const out: { kind: ListingKind; id: string }[] = [];
  for (const kind of listingKinds) {
    const t = listingTable(kind);
    for (const { id } of await tx.select({ id: t.id }).from(t).where(eq(t.ownerId, memberId))) out.push({ kind, id });
  }
  return out;
}

/** After the commit: the member's listing pages and every list are rendered again (page cache purged). */
async function refreshListings(listings: { kind: ListingKind; id: string }[]) {
  for (const { kind, id } of listings) await invalidateListing(kind, id);
}

/** POST /moderation/members/{userId}/actions */
export async function actOnMember(moderatorId: string, memberId: string, input: MemberActionInput): Promise<void> {
  if (moderatorId === memberId) throw new AppError('CANNOT_TARGET_SELF');
  const db = await getDb();
  const member = await memberRow(db, memberId);
  const { action, reason } = input;
  if (action === 'suspend' && isStaffRole(member.role)) throw new AppError('FORBIDDEN');
  if (action === 'suspend' && member.suspendedAt) throw new AppError('MODERATION_NOT_ALLOWED');
  if (action === 'lift_suspension' && !member.suspendedAt) throw new AppError('MODERATION_NOT_ALLOWED');
  if (action === 'clear_flag' && !member.flaggedAt) throw new AppError('MODERATION_NOT_ALLOWED');
  let touched: { kind: ListingKind; id: string }[] = [];
  await db.transaction(async (tx) => {
    await logAction(tx, { moderatorId, memberId, action, reason });
    if (action === 'dismiss' || action === 'warn') await handleReports(tx, memberId);
    if (action === 'warn') await tellMember(tx, member, 'warn', reason);
    if (action === 'suspend') {
      const [row] = await tx
        .update(users)
        .set({ suspendedAt: new Date(), suspensionReason: reason })
        .where(and(eq(users.id, memberId), isNull(users.suspendedAt)))
        .returning({ id: users.id });
      if (!row) throw new AppError('MODERATION_NOT_ALLOWED');
      // Every session ends now; live streams follow their sessions (issue 22, item 4).
      await tx.delete(sessions).where(eq(sessions.userId, memberId));
      for (const kind of listingKinds) {
        const t = listingTable(kind);
        await tx
          .update(t)
          .set({ hidden: 'suspension' })
          .where(and(eq(t.ownerId, memberId), isNull(t.hidden)));
      }
      await handleReports(tx, memberId);
      await tellMember(tx, member, 'suspend', reason);
      touched = await listingsOf(tx, memberId);
    }
    if (action === 'lift_suspension') {
      await tx.update(users).set({ suspendedAt: null, suspensionReason: null }).where(eq(users.id, memberId));
      for (const kind of listingKinds) {
        const t = listingTable(kind);
        await tx
          .update(t)
          .set({ hidden: null })
          .where(and(eq(t.ownerId, memberId), eq(t.hidden, 'suspension')));
      }
      await tellMember(tx, member, 'lift_suspension', reason);
      touched = await listingsOf(tx, memberId);
    }
    if (action === 'clear_flag') await tx.update(users).set({ flaggedAt: null }).where(eq(users.id, memberId));
  });
  await refreshListings(touched);
}

/** POST /moderation/listings/{id}/actions: hide a listing from every list and page, or show it again. */
export async function actOnListing(moderatorId: string, listingId: string, input: ListingActionInput): Promise<void> {
  const db = await getDb();
  const t = listingTable(input.kind);
  const [listing] = await db.select({ ownerId: t.ownerId, hidden: t.hidden }).from(t).where(eq(t.id, listingId));
  if (!listing) throw new AppError('NOT_FOUND');
  if (listing.ownerId === moderatorId) throw new AppError('CANNOT_TARGET_SELF');
  const hide = input.action === 'hide_listing';
  if (hide ? listing.hidden !== null : listing.hidden !== 'moderation') throw new AppError('MODERATION_NOT_ALLOWED');
  const owner = await memberRow(db, listing.ownerId);
  const ref = { kind: input.kind, id: listingId };
  await db.transaction(async (tx) => {
    await tx
      .update(t)
      .set({ hidden: hide ? 'moderation' : null })
      .where(eq(t.id, listingId));
    await logAction(tx, { moderatorId, memberId: owner.id, action: input.action, reason: input.reason, listing: ref });
    if (hide) {
      await handleReports(tx, owner.id, ref);
      await tellMember(tx, owner, 'hide_listing', input.reason);
    }
  });
  await invalidateListing(input.kind, listingId);
}

/** Whether a member is suspended (sign-in refuses them: ACCOUNT_SUSPENDED). */
export async function isSuspended(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
}

export type { MemberRole };
