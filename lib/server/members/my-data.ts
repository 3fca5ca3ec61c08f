import 'server-only';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { listingKinds, type ListingKind } from '@/lib/domain';
import { getDb } from '@/lib/server/db/client';
import {
  accounts,
  blocks,
  contactMessages,
  conversations,
  favourites,
  identityChecks,
  likes,
  messages,
  moderationLog,
  newsletterSubscriptions,
  packageImages,
  packages,
  proposals,
  pushSubscriptions,
  memberCampaigns,
  ratings,
  reports,
  routeAlerts,
  sessions,
  travels,
} from '@/lib/server/db/schema';
import { memberRow } from './member';
import { notificationsOf } from '@/lib/server/notify';

// The member's copy of everything stored about them (parametres, "Download my data").

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
    // The campaign of the visit in which the member signed up (lib/server/traffic/campaigns.ts).
    signUpCampaign:
      (
        await db
          .select({
            source: memberCampaigns.source,
            medium: memberCampaigns.medium,
            campaign: memberCampaigns.campaign,
            createdAt: memberCampaigns.createdAt,
          })
          .from(memberCampaigns)
          .where(eq(memberCampaigns.userId, userId))
      )[0] ?? null,
    // The browsers that receive pushes (their push service's address; not their keys).
    pushSubscriptions: (
      await db
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
    ).map(({ endpoint, createdAt }) => ({ service: new URL(endpoint).origin, createdAt })),
  };
}
