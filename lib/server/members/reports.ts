import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, countDistinct, eq, isNull } from 'drizzle-orm';
import { reportRules } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { env, siteUrl } from '@/lib/env';
import { localPath } from '@/lib/i18n/paths';
import type { ReportInput } from '@/lib/schemas/member';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { reports, users } from '@/lib/server/db/schema';
import { hit } from '@/lib/server/limits';
import { listingTable } from '@/lib/server/listings/listings';
import { enqueue } from '@/lib/server/jobs/queue';
import type { Tx } from '@/lib/server/db/client';
import { translator } from '@/lib/server/translate';

// Reports against a member (specification sections 1, 3 and 8): a reason from a list and details,
// once per member reported, limited like other writes, optionally about one of their listings. A
// member reported by `reportRules.flagAfter` different members is flagged, once: they go to the top
// of the moderation queue and support is told. Reports alone change nothing public: a moderator
// decides (lib/server/moderation/).

/** POST /users/{userId}/reports */
export async function reportMember(reporterId: string, reportedUserId: string, input: ReportInput): Promise<void> {
  if (reporterId === reportedUserId) throw new AppError('CANNOT_TARGET_SELF');
  const db = await getDb();
  const [reported] = await db.select().from(users).where(eq(users.id, reportedUserId));
  if (!reported) throw new AppError('USER_NOT_FOUND');
  const [already] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.reportedUserId, reportedUserId)));
  if (already) throw new AppError('ALREADY_REPORTED');
  const listing = input.listing;
  if (listing) {
    const t = listingTable(listing.kind);
    const [owned] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, listing.id), eq(t.ownerId, reportedUserId)));
    if (!owned) throw new AppError('VALIDATION_FAILED', { 'listing.id': 'listingNotTheirs' });
  }
  await hit('reportsPerUser', reporterId);
  try {
    await db.insert(reports).values({
      id: randomBytes(12).toString('base64url'),
      reporterId,
      reportedUserId,
      reason: input.reason,
      details: input.details,
      listingKind: listing?.kind ?? null,
      listingId: listing?.id ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_REPORTED');
    throw error;
  }
  const [{ reporters } = { reporters: 0 }] = await db
    .select({ reporters: countDistinct(reports.reporterId) })
    .from(reports)
    .where(and(eq(reports.reportedUserId, reportedUserId), isNull(reports.handledAt)));
  if (reporters < reportRules.flagAfter) return;
  // Flagged once: of concurrent third reports, one update finds the flag unset; support's notice goes with it.
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ flaggedAt: new Date() })
      .where(and(eq(users.id, reportedUserId), isNull(users.flaggedAt)))
      .returning({ id: users.id });
    if (row) await noticeToSupport(tx, reported, reporters);
  });
}

/** Support hears of it, in French (the team's language), with every report. */
async function noticeToSupport(tx: Tx, member: typeof users.$inferSelect, reporters: number) {
  const rows = await tx
    .select({ reason: reports.reason, details: reports.details, createdAt: reports.createdAt })
    .from(reports)
    .where(eq(reports.reportedUserId, member.id));
  const t = translator('fr', 'Emails');
  await enqueue(tx, 'mail', {
    to: env.SUPPORT_EMAIL,
    subject: t('flaggedSubject', { name: `${member.firstname} ${member.lastname}`, count: reporters }),
    text: t('flaggedText', {
      name: `${member.firstname} ${member.lastname}`,
      email: member.email,
      id: member.id,
      count: reporters,
      url: siteUrl + localPath('fr', `profil/${member.id}`),
      reports: rows
        .map((r) => `- ${r.createdAt.toISOString().slice(0, 10)} ${r.reason}${r.details ? ` : ${r.details}` : ''}`)
        .join('\n'),
    }),
  });
}
