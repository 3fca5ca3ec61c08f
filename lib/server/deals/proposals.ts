import 'server-only';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, or } from 'drizzle-orm';
import {
  handoverCodeLength,
  isDeal,
  isOpenStatus,
  proposalRules,
  type ListingKind,
  type ListingStatus,
  type ProposalAction,
  type ProposalTurn,
} from '@/lib/domain';
import { AppError } from '@/lib/errors';
import type { Proposal, ProposalsQuery, ProposeInput } from '@/lib/schemas/deals';
import type { ListingSummary } from '@/lib/schemas/listings';
import { getDb, type Tx } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { conversations, proposals, users } from '@/lib/server/db/schema';
import { conversationFor, postMessage, type ConversationRow } from './conversations';
import { newId } from '@/lib/server/ids';
import { hit } from '@/lib/server/limits';
import { assertNotBlocked, blockedAmong } from '@/lib/server/members/blocks';
import {
  invalidateListing,
  listingFacts,
  listingSummaries,
  lockListing,
  setStatusInDeal,
} from '@/lib/server/listings/listings';
import { liveTransaction, type LiveEntry } from '@/lib/server/events/live';
import { notifyDealStep, type DealStep } from './mail';

// Proposals and deals (specification sections 3, 4, 6 and 8; docs/architecture.md). A member proposes an
// amount for a parcel on someone else's open listing (on a trip, with the parcel described), again
// after a decline or a cancellation, at most 3 times and never two pending; the listing's owner accepts,
// declines or counters; the proposer answers a counter-proposal, or changes or cancels their
// proposal while it is pending. Accepted, it is a deal: phone numbers are shared, the parcel's sender
// gets two codes, and the carrier types them at the pickup (in transit) and at the delivery. Every
// step is posted in the conversation about the listing and heard live by both.

export type ProposalRow = typeof proposals.$inferSelect;
type Side = 'proposer' | 'owner';

export function listingOf(p: Pick<ProposalRow, 'packageId' | 'travelId'>): { kind: ListingKind; id: string } {
  return p.packageId ? { kind: 'package', id: p.packageId } : { kind: 'travel', id: p.travelId! };
}

function sideOf(p: ProposalRow, userId: string): Side | null {
  return p.senderId === userId ? 'proposer' : p.publisherId === userId ? 'owner' : null;
}

/** Pending: the owner answers a proposal, the proposer a counter-proposal. */
function turnOf(p: ProposalRow): ProposalTurn | null {
  if (p.status !== 'pending') return null;
  return p.counterAmount === null ? 'owner' : 'proposer';
}

/** A parcel's owner sends it; on a trip, the owner carries it and the proposer sends a parcel. */
function parcelRoleOf(kind: ListingKind, side: Side): 'sender' | 'carrier' {
  return (kind === 'package') === (side === 'owner') ? 'sender' : 'carrier';
}

/** Steps that need the listing still open (its owner still takes offers). */
const needsOpenListing: readonly ProposalAction[] = ['edit', 'accept', 'counter'];

/**
 * The transitions, in one place: what a side may do to a proposal in its state. The API refuses any
 * other step, and the screens show these buttons only. (Cancelling a deal is possible until the
 * parcel is picked up; a delivered deal is what ratings rest on.)
 */
export function allowedActions(
  p: ProposalRow,
  kind: ListingKind,
  side: Side,
  listing: ListingStatus,
): ProposalAction[] {
  const actions: ProposalAction[] = [];
  const carrier = parcelRoleOf(kind, side) === 'carrier';
  if (p.status === 'pending') {
    if (side === 'proposer') actions.push('edit', 'cancel');
    if (turnOf(p) === side) actions.push('accept', 'decline', ...(side === 'owner' ? (['counter'] as const) : []));
  } else if (p.status === 'accepted') {
    actions.push('cancel');
    if (carrier && listing !== 'expired') actions.push('pickup');
  } else if (p.status === 'in_transit' && carrier) actions.push('deliver');
  return isOpenStatus(listing) ? actions : actions.filter((a) => !needsOpenListing.includes(a));
}

// ---------------------------------------------------------------- views

type Person = { id: string; firstname: string; image: string | null; phone: string | null; phoneVerified: boolean };

async function people(db: Pick<Tx, 'select'>, ids: string[]): Promise<Map<string, Person>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      image: users.image,
      phone: users.phone,
      phoneVerified: users.phoneVerified,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(
  p: ProposalRow,
  viewerId: string,
  listing: ListingSummary,
  persons: Map<string, Person>,
  conversationId: string,
  blocked: boolean,
): Proposal {
  const side = sideOf(p, viewerId)!;
  const { kind } = listingOf(p);
  const person = (id: string) => {
    const found = persons.get(id);
    return { id, firstname: found?.firstname ?? '', avatar: found?.image ?? null };
  };
  const other = persons.get(side === 'owner' ? p.senderId : p.publisherId);
  const parcelRole = parcelRoleOf(kind, side);
  const deal = isDeal(p.status);
  return {
    id: p.id,
    listing,
    conversationId,
    role: side,
    parcelRole,
    proposer: person(p.senderId),
    owner: person(p.publisherId),
    amount: p.amount,
    counterAmount: p.status === 'pending' ? p.counterAmount : null,
    agreedAmount: p.agreedAmount,
    currency: p.currency,
    status: p.status,
    turn: turnOf(p),
    // Between members who blocked one another, only leaving the deal (and its handover) stays.
    actions: allowedActions(p, kind, side, listing.status).filter((a) => !blocked || !blockedActions.includes(a)),
    handover:
      parcelRole === 'sender' && (p.status === 'accepted' || p.status === 'in_transit')
        ? { pickupCode: p.pickupCode!, deliveryCode: p.deliveryCode! }
        : null,
    // Phone numbers only between the two sides of a deal, and not on an expired listing.
    contact: deal && listing.status !== 'expired' ? { phone: other?.phoneVerified ? other.phone : null } : null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    acceptedAt: iso(p.acceptedAt),
    pickedUpAt: iso(p.pickedUpAt),
    deliveredAt: iso(p.deliveredAt),
    parcel:
      p.parcelSize && p.parcelWeightKg !== null && p.parcelContents !== null
        ? {
            weightKg: p.parcelWeightKg,
            size: p.parcelSize,
            contents: p.parcelContents,
            noProhibitedItems: p.prohibitedDeclaredAt !== null,
          }
        : null,
  };
}

/** Proposals as one viewer sees them, with their listings, people and conversations. */
export async function proposalViews(
  db: Pick<Tx, 'select'>,
  rows: ProposalRow[],
  viewerId: string,
  conversationIds: Map<string, string>,
): Promise<Proposal[]> {
  const listings = await listingSummaries(rows.map(listingOf), db);
  const persons = await people(
    db,
    rows.flatMap((p) => [p.senderId, p.publisherId]),
  );
  const others = [...new Set(rows.map((p) => (p.senderId === viewerId ? p.publisherId : p.senderId)))];
  const blockedWith = others.length ? await blockedAmong(viewerId, others, db) : new Set<string>();
  return rows.flatMap((p) => {
    const { kind, id } = listingOf(p);
    const listing = listings.get(`${kind}:${id}`);
    const conversationId = conversationIds.get(p.id);
    const other = p.senderId === viewerId ? p.publisherId : p.senderId;
    return listing && conversationId
      ? [view(p, viewerId, listing, persons, conversationId, blockedWith.has(other))]
      : [];
  });
}

/** The conversation of each proposal: about its listing, between its owner and the proposer. */
async function conversationsOf(db: Pick<Tx, 'select'>, rows: ProposalRow[]): Promise<Map<string, string>> {
  if (!rows.length) return new Map();
  const found = await db
    .select({
      id: conversations.id,
      packageId: conversations.packageId,
      travelId: conversations.travelId,
      contactId: conversations.contactId,
    })
    .from(conversations)
    .where(
      or(
        ...rows.map((p) =>
          and(
            p.packageId ? eq(conversations.packageId, p.packageId) : eq(conversations.travelId, p.travelId!),
            eq(conversations.contactId, p.senderId),
          ),
        ),
      ),
    );
  const byKey = new Map(found.map((c) => [`${c.packageId ?? c.travelId}|${c.contactId}`, c.id]));
  return new Map(
    rows.flatMap((p) => {
      const id = byKey.get(`${p.packageId ?? p.travelId}|${p.senderId}`);
      return id ? [[p.id, id] as const] : [];
    }),
  );
}

export async function viewsOf(db: Pick<Tx, 'select'>, rows: ProposalRow[], viewerId: string) {
  return proposalViews(db, rows, viewerId, await conversationsOf(db, rows));
}

/** GET /proposals: the viewer's, sent and received, newest first. */
export async function listProposals(viewerId: string, query: ProposalsQuery): Promise<{ items: Proposal[] }> {
  const db = await getDb();
  const conditions = [
    query.role === 'sent'
      ? eq(proposals.senderId, viewerId)
      : query.role === 'received'
        ? eq(proposals.publisherId, viewerId)
        : or(eq(proposals.senderId, viewerId), eq(proposals.publisherId, viewerId)),
  ];
  if (query.listingKind && query.listingId)
    conditions.push(eq(query.listingKind === 'package' ? proposals.packageId : proposals.travelId, query.listingId));
  const rows = await db
    .select()
    .from(proposals)
    .where(and(...conditions))
    .orderBy(desc(proposals.updatedAt))
    .limit(200);
  return { items: await viewsOf(db, rows, viewerId) };
}

/** GET /proposals/{id}: participants only. */
export async function getProposal(viewerId: string, id: string): Promise<Proposal> {
  const db = await getDb();
  const [row] = await db.select().from(proposals).where(eq(proposals.id, id));
  if (!row) throw new AppError('PROPOSAL_NOT_FOUND');
  if (!sideOf(row, viewerId)) throw new AppError('NOT_PARTICIPANT');
  return (await viewsOf(db, [row], viewerId))[0]!;
}

// ---------------------------------------------------------------- steps

/** What a step changed, told to both sides' tabs (each sees their own view). */
async function tellBoth(tx: Tx, live: LiveEntry[], rows: ProposalRow[], conversationIds: Map<string, string>) {
  for (const row of rows)
    for (const userId of [row.senderId, row.publisherId]) {
      const [proposal] = await proposalViews(tx, [row], userId, conversationIds);
      if (proposal) live.push({ userId, event: { type: 'proposal', payload: { proposal } } });
    }
}

/** A deal shares both sides' phones (contact buttons): proposing or accepting needs a verified one. */
async function assertPhoneVerified(tx: Pick<Tx, 'select'>, userId: string): Promise<void> {
  const [user] = await tx.select({ verified: users.phoneVerified }).from(users).where(eq(users.id, userId));
  if (!user?.verified) throw new AppError('PHONE_NOT_VERIFIED');
}

/** Steps that speak to the other side anew: refused between members who blocked one another. */
const blockedActions: readonly ProposalAction[] = ['edit', 'counter', 'accept'];
/** Steps that change the amount: counted like messages, since each one tells the other side. */
const changeActions: readonly ProposalAction[] = ['edit', 'counter'];

/**
 * POST /proposals: an amount for a parcel on someone else's open listing (on a trip, the parcel
 * described). Again after a declined or cancelled one: `proposalRules.perMemberPerListing` in all,
 * and a partial unique index keeps one pending at a time, so two at once cannot pass together.
 */
export async function propose(userId: string, input: ProposeInput): Promise<Proposal> {
  await assertPhoneVerified(await getDb(), userId);
  await hit('proposalsPerUser', userId);
  const { listingKind: kind, listingId } = input;
  const parcel = kind === 'travel' ? input.parcel : undefined;
  let made: { row: ProposalRow; conversation: ConversationRow };
  try {
    made = await liveTransaction(async (tx, live) => {
      // Shared with other proposals, exclusive of the expiry sweep: none lands pending on a listing it expires.
      await lockListing(tx, kind, listingId, 'share');
      const listing = await listingFacts(kind, listingId, tx);
      // A listing hidden by moderation is gone for everyone but its owner and the deals already made.
      if (!listing || listing.hidden) throw new AppError('NOT_FOUND');
      if (listing.ownerId === userId) throw new AppError('PROPOSAL_SELF');
      if (!isOpenStatus(listing.status)) throw new AppError('LISTING_CLOSED');
      await assertNotBlocked(userId, listing.ownerId, tx);
      const column = kind === 'package' ? proposals.packageId : proposals.travelId;
      const earlier = await tx
        .select({ status: proposals.status })
        .from(proposals)
        .where(and(eq(column, listingId), eq(proposals.senderId, userId)));
      if (earlier.some((p) => p.status !== 'declined' && p.status !== 'cancelled'))
        throw new AppError('PROPOSAL_EXISTS');
      // Race-safe: a new proposal is pending, and the unique index lets one pending in, so the earlier
      // ones counted here are all final and no other insert can pass this count meanwhile.
      if (earlier.length >= proposalRules.perMemberPerListing) throw new AppError('PROPOSAL_LIMIT_REACHED');
      const [row] = await tx
        .insert(proposals)
        .values({
          id: newId(),
          packageId: kind === 'package' ? listingId : null,
          travelId: kind === 'travel' ? listingId : null,
          senderId: userId,
          publisherId: listing.ownerId,
          amount: input.amount,
          currency: listing.currency,
          ...(parcel
            ? {
                parcelWeightKg: parcel.weightKg,
                parcelSize: parcel.size,
                parcelContents: parcel.contents,
                prohibitedDeclaredAt: new Date(),
              }
            : {}),
        })
        .returning();
      const conversation = await conversationFor(tx, { kind, id: listingId, ownerId: listing.ownerId }, userId);
      await postMessage(tx, live, conversation, {
        senderId: userId,
        kind: 'proposal_sent',
        proposalId: row!.id,
        amount: input.amount,
        currency: listing.currency,
      });
      await tellBoth(tx, live, [row!], new Map([[row!.id, conversation.id]]));
      await notifyDealStep(tx, 'proposal_sent', row!, userId, conversation.id);
      return { row: row!, conversation };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PROPOSAL_EXISTS');
    throw error;
  }
  return getProposal(userId, made.row.id);
}

type StepContext = {
  tx: Tx;
  live: LiveEntry[];
  row: ProposalRow;
  side: Side;
  kind: ListingKind;
  listingId: string;
  conversation: ConversationRow;
};

/**
 * One step on a proposal: the row locked, the side and the transition checked against
 * allowedActions, then `apply` (which returns the new row and the message to post), in one
 * transaction with the live events.
 */
async function step(
  userId: string,
  id: string,
  action: ProposalAction,
  apply: (
    ctx: StepContext,
  ) => Promise<{ row: ProposalRow; message: DealStep; amount?: number; others?: ProposalRow[] }>,
): Promise<Proposal> {
  if (changeActions.includes(action)) await hit('proposalChangesPerProposal', `${id}:${userId}`);
  const done = await liveTransaction(async (tx, live) => {
    // The listing first (shared), then the proposal: a delete or an edit of the listing, which lock it
    // for update, wait for a deal being made and then see it.
    const [ref] = await tx
      .select({ packageId: proposals.packageId, travelId: proposals.travelId })
      .from(proposals)
      .where(eq(proposals.id, id));
    if (!ref) throw new AppError('PROPOSAL_NOT_FOUND');
    await lockListing(tx, listingOf(ref).kind, listingOf(ref).id, 'share');
    const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
    if (!row) throw new AppError('PROPOSAL_NOT_FOUND');
    const side = sideOf(row, userId);
    if (!side) throw new AppError('NOT_PARTICIPANT');
    if (blockedActions.includes(action)) await assertNotBlocked(row.senderId, row.publisherId, tx);
    if (action === 'accept') await assertPhoneVerified(tx, userId);
    const { kind, id: listingId } = listingOf(row);
    const listing = await listingFacts(kind, listingId, tx);
    if (!listing) throw new AppError('PROPOSAL_NOT_FOUND');
    if (!allowedActions(row, kind, side, listing.status).includes(action))
      throw new AppError(
        allowedActions(row, kind, side, 'active').includes(action) ? 'LISTING_CLOSED' : 'PROPOSAL_NOT_ALLOWED',
      );
    const conversation = await conversationFor(tx, { kind, id: listingId, ownerId: row.publisherId }, row.senderId);
    const result = await apply({ tx, live, row, side, kind, listingId, conversation });
    await postMessage(tx, live, conversation, {
      senderId: userId,
      kind: result.message,
      proposalId: row.id,
      amount: result.amount,
      currency: row.currency,
    });
    const conversationIds = new Map([[row.id, conversation.id]]);
    for (const other of result.others ?? []) {
      // Declined because the parcel found its carrier: in their own conversations.
      const theirs = await conversationFor(tx, { kind, id: listingId, ownerId: other.publisherId }, other.senderId);
      await postMessage(tx, live, theirs, { senderId: userId, kind: 'proposal_declined', proposalId: other.id });
      conversationIds.set(other.id, theirs.id);
    }
    await tellBoth(tx, live, [result.row, ...(result.others ?? [])], conversationIds);
    await notifyDealStep(tx, result.message, result.row, userId, conversation.id);
    for (const other of result.others ?? [])
      await notifyDealStep(tx, 'proposal_declined', other, userId, conversationIds.get(other.id)!);
    return { ...result, conversationIds };
  });
  const { row, message } = done;
  if (message === 'deal_picked_up' || message === 'deal_delivered') {
    const listing = listingOf(row);
    await invalidateListing(listing.kind, listing.id);
  }
  return getProposal(userId, id);
}

const update = async (tx: Tx, id: string, values: Partial<typeof proposals.$inferInsert>) =>
  (await tx.update(proposals).set(values).where(eq(proposals.id, id)).returning())[0]!;

export function editProposal(userId: string, id: string, amount: number) {
  return step(userId, id, 'edit', async ({ tx, row }) => ({
    row: await update(tx, row.id, { amount, counterAmount: null }),
    message: 'proposal_sent',
    amount,
  }));
}

export function counterProposal(userId: string, id: string, amount: number) {
  return step(userId, id, 'counter', async ({ tx, row }) => ({
    row: await update(tx, row.id, { counterAmount: amount }),
    message: 'proposal_sent',
    amount,
  }));
}

export function declineProposal(userId: string, id: string) {
  return step(userId, id, 'decline', async ({ tx, row }) => ({
    row: await update(tx, row.id, { status: 'declined' }),
    message: 'proposal_declined',
  }));
}

export function cancelProposal(userId: string, id: string) {
  return step(userId, id, 'cancel', async ({ tx, row }) => ({
    row: await update(tx, row.id, { status: 'cancelled' }),
    message: 'proposal_cancelled',
  }));
}

const handoverCode = () => String(randomInt(0, 10 ** handoverCodeLength)).padStart(handoverCodeLength, '0');

/**
 * A deal: the amount on the table is agreed, the codes are made, and on a package the other pending
 * proposals are declined (a parcel travels with one carrier; the unique index holds it too).
 */
export function acceptProposal(userId: string, id: string) {
  return step(userId, id, 'accept', async ({ tx, row, kind, listingId }) => {
    const agreedAmount = row.counterAmount ?? row.amount;
    let accepted: ProposalRow;
    try {
      accepted = await update(tx, row.id, {
        status: 'accepted',
        agreedAmount,
        acceptedAt: new Date(),
        pickupCode: handoverCode(),
        deliveryCode: handoverCode(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('PROPOSAL_NOT_ALLOWED');
      throw error;
    }
    const others =
      kind === 'package'
        ? await tx
            .update(proposals)
            .set({ status: 'declined' })
            .where(and(eq(proposals.packageId, listingId), eq(proposals.status, 'pending'), ne(proposals.id, row.id)))
            .returning()
        : [];
    return { row: accepted, message: 'proposal_accepted', amount: agreedAmount, others };
  });
}

function sameCode(typed: string, expected: string | null): boolean {
  if (!expected || typed.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(typed), Buffer.from(expected));
}

/** The carrier types a code the sender gave: every try counts, right or wrong (like phone codes). */
async function handover(userId: string, id: string, code: string, action: 'pickup' | 'deliver') {
  await hit('handoverCodeChecks', `${id}:${userId}`);
  return step(userId, id, action, async ({ tx, row, kind, listingId }) => {
    if (!sameCode(code, action === 'pickup' ? row.pickupCode : row.deliveryCode))
      throw new AppError('INVALID_HANDOVER_CODE');
    if (kind === 'package') await setStatusInDeal(tx, kind, listingId, action === 'pickup' ? 'in_transit' : 'finished');
    return action === 'pickup'
      ? { row: await update(tx, row.id, { status: 'in_transit', pickedUpAt: new Date() }), message: 'deal_picked_up' }
      : { row: await update(tx, row.id, { status: 'delivered', deliveredAt: new Date() }), message: 'deal_delivered' };
  });
}

export const pickUp = (userId: string, id: string, code: string) => handover(userId, id, code, 'pickup');
export const deliver = (userId: string, id: string, code: string) => handover(userId, id, code, 'deliver');

/** The proposal between a conversation's two people about its listing, if any (for the inbox). */
export async function proposalsOfConversations(
  db: Pick<Tx, 'select'>,
  rows: ConversationRow[],
): Promise<Map<string, ProposalRow>> {
  if (!rows.length) return new Map();
  const found = await db
    .select()
    .from(proposals)
    .where(
      or(
        ...rows.map((c) =>
          and(
            c.packageId ? eq(proposals.packageId, c.packageId) : eq(proposals.travelId, c.travelId!),
            eq(proposals.senderId, c.contactId),
          ),
        ),
      ),
    )
    // A member may propose again after a decline: the latest proposal is the conversation's.
    .orderBy(asc(proposals.createdAt), asc(proposals.id));
  const byKey = new Map(found.map((p) => [`${p.packageId ?? p.travelId}|${p.senderId}`, p]));
  return new Map(
    rows.flatMap((c) => {
      const p = byKey.get(`${c.packageId ?? c.travelId}|${c.contactId}`);
      return p ? [[c.id, p] as const] : [];
    }),
  );
}

/**
 * A listing expired (lib/server/listings/lifecycle.ts): its pending proposals are declined in `tx`,
 * each posted in its conversation, heard live by both, and e-mailed to the proposer as a notice.
 */
export async function declinePendingOfExpired(
  tx: Tx,
  live: LiveEntry[],
  kind: ListingKind,
  listing: { id: string; ownerId: string },
): Promise<number> {
  const declined = await tx
    .update(proposals)
    .set({ status: 'declined' })
    .where(
      and(
        eq(kind === 'package' ? proposals.packageId : proposals.travelId, listing.id),
        eq(proposals.status, 'pending'),
      ),
    )
    .returning();
  const conversationIds = new Map<string, string>();
  for (const row of declined) {
    const conversation = await conversationFor(tx, { kind, id: listing.id, ownerId: listing.ownerId }, row.senderId);
    await postMessage(tx, live, conversation, {
      senderId: listing.ownerId,
      kind: 'proposal_declined',
      proposalId: row.id,
    });
    conversationIds.set(row.id, conversation.id);
  }
  await tellBoth(tx, live, declined, conversationIds);
  for (const row of declined)
    await notifyDealStep(tx, 'proposal_declined', row, listing.ownerId, conversationIds.get(row.id)!, 'expired');
  return declined.length;
}
