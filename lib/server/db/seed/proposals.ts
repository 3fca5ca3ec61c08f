import {
  handoverCodeLength,
  isDeal,
  openStatuses,
  type ListingStatus,
  type ParcelSize,
  type ProposalStatus,
} from '@/lib/domain';
import { parcelWeight, pickItem } from './items';
import type { Listings } from './listings';
import type { Members } from './members';
import { PRICES } from './prices';
import type { Listing, PackageRow, ProposalRow, Seeding, TravelRow, UserRow } from './rows';
import { at, HOUR, MINUTE, round } from './units';

// The demo's proposals: some the demo accounts send and receive in every state, then a few on
// every listing (one accepted on each started one), never two accepted on a listing. A proposal on a
// trip describes its parcel (weight, size, contents) with the prohibited-items declaration.

/** The size category a parcel of that weight most likely has. */
function sizeOf(kg: number): ParcelSize {
  return kg <= 1 ? 'envelope' : kg <= 5 ? 'small' : kg <= 12 ? 'medium' : 'large';
}

/** When a proposal can be made: after the listing is published and before it starts (or now). */
export function proposalWindow(listing: Listing, now: number): [number, number] {
  const from = listing.row.createdAt.getTime() + 3 * HOUR;
  const to = Math.min(now - 10 * MINUTE, listing.row.startedAt.getTime() - HOUR);
  return [from, Math.max(from + 20 * MINUTE, to)];
}

export function makeProposals({ rng, now }: Seeding, members: Members, listings: Listings): ProposalRow[] {
  const { demo, active, isDemo } = members;
  const proposalRows: ProposalRow[] = [];
  const proposalKeys = new Set<string>();

  /** The parcel of a proposal on a trip: an item of the demo's, within the trip's room. */
  const parcelFor = (row: TravelRow) => {
    const item = pickItem(rng);
    const weightKg = Math.min(parcelWeight(rng, item), Number(row.availableKg ?? 10));
    return { weightKg, size: sizeOf(weightKg), contents: item.name };
  };
  const amountFor = (listing: Listing, kg: number): number => {
    const { row } = listing;
    const { step } = PRICES[row.currency];
    return Math.max(step, round(row.pricePerKg * kg * rng.float(0.8, 1.1), step));
  };
  const addProposal = (listing: Listing, sender: UserRow, status: ProposalStatus): ProposalRow | undefined => {
    const { row } = listing;
    if (sender.id === row.ownerId || sender.id === demo.newcomer.id) return undefined;
    const uniqueKey = `${row.id}|${sender.id}`;
    if (proposalKeys.has(uniqueKey)) return undefined;
    // A parcel travels with one carrier: one deal per package.
    if (
      isDeal(status) &&
      listing.kind === 'package' &&
      proposalRows.some((p) => p.packageId === row.id && isDeal(p.status))
    )
      return undefined;
    proposalKeys.add(uniqueKey);
    const [from, to] = proposalWindow(listing, now);
    const created = Math.round(rng.float(from, from + (to - from) * 0.7));
    const parcel = listing.kind === 'travel' ? parcelFor(row as TravelRow) : null;
    const amount = amountFor(listing, parcel ? parcel.weightKg : (row as PackageRow).weightKg);
    const { step } = PRICES[row.currency];
    // A deal on a listing that started has gone further: picked up, or delivered once it finished.
    if (status === 'accepted' && row.status === 'in_transit') status = 'in_transit';
    if (status === 'accepted' && row.status === 'finished') status = 'delivered';
    const deal = isDeal(status);
    const counterAmount =
      status !== 'cancelled' && !deal && rng.chance(0.3) ? round(amount * rng.float(1.1, 1.3), step) : null;
    const code = () => String(rng.int(0, 10 ** handoverCodeLength - 1)).padStart(handoverCodeLength, '0');
    const proposal: ProposalRow = {
      id: rng.id(),
      packageId: listing.kind === 'package' ? row.id : null,
      travelId: listing.kind === 'travel' ? row.id : null,
      senderId: sender.id,
      publisherId: row.ownerId,
      amount,
      currency: row.currency,
      status,
      counterAmount,
      // The deal's steps get their times from the conversation (./conversations.ts).
      agreedAmount: deal ? amount : null,
      pickupCode: deal ? code() : null,
      deliveryCode: deal ? code() : null,
      parcelWeightKg: parcel?.weightKg ?? null,
      parcelSize: parcel?.size ?? null,
      parcelContents: parcel?.contents ?? null,
      prohibitedDeclaredAt: parcel ? at(created) : null,
      createdAt: at(created),
      updatedAt: at(Math.max(created, Math.min(now - MINUTE, created + rng.float(0.5, 30) * HOUR))),
    };
    proposalRows.push(proposal);
    return proposal;
  };

  // Proposals the demo accounts send, and some between them.
  const ownedBy = (kind: Listing['kind'], owner: UserRow) =>
    listings.all.filter((l) => l.kind === kind && l.row.ownerId === owner.id);
  const othersListings = (kind: Listing['kind'], statuses: readonly ListingStatus[]) =>
    listings.all.filter((l) => l.kind === kind && !isDemo(l.row.ownerId) && statuses.includes(l.row.status));
  const firstOf = (list: Listing[], status: ListingStatus) => list.find((l) => l.row.status === status);
  type Preset = [Listing | undefined, UserRow, ProposalStatus];
  const sentBy = (sender: UserRow, list: Listing[], statuses: ProposalStatus[]): Preset[] =>
    statuses.map((status, i) => [list[i], sender, status]);

  const presets: Preset[] = [
    // between the demo accounts
    [firstOf(ownedBy('package', demo.sender), 'active'), demo.traveller, 'pending'],
    [firstOf(ownedBy('travel', demo.traveller), 'finished'), demo.sender, 'accepted'],
    [firstOf(ownedBy('travel', demo.traveller), 'upcoming'), demo.sender, 'pending'],
    // sent by the demo sender on other people's trips, by the traveller on other people's parcels
    ...sentBy(demo.sender, othersListings('travel', openStatuses), ['pending', 'declined', 'cancelled']),
    ...sentBy(demo.sender, othersListings('travel', ['in_transit']), ['accepted']),
    ...sentBy(demo.traveller, othersListings('package', openStatuses), ['pending', 'pending', 'declined']),
    ...sentBy(demo.traveller, othersListings('package', ['finished']), ['accepted']),
    ...sentBy(demo.traveller, othersListings('package', ['in_transit']), ['accepted']),
  ];
  for (const [listing, sender, status] of presets) if (listing) addProposal(listing, sender, status);

  // Proposals received by everyone (the demo accounts always get at least one on open listings).
  for (const listing of listings.all) {
    const { status, ownerId } = listing.row;
    const isDemoOwner = isDemo(ownerId);
    const candidates = active.filter((u) => u.id !== ownerId);
    const started = status === 'in_transit' || status === 'finished';
    if (started) {
      for (let tries = 0; tries < 5; tries++) if (addProposal(listing, rng.pick(candidates), 'accepted')) break;
    }
    const extra =
      status === 'expired'
        ? rng.weightedInt({ 0: 40, 1: 40, 2: 20 })
        : started
          ? rng.weightedInt({ 0: 50, 1: 35, 2: 15 })
          : rng.weightedInt({ 0: 30, 1: 35, 2: 25, 3: 10 }) + (isDemoOwner ? 1 : 0);
    for (let i = 0; i < extra; i++) {
      let proposalStatus: ProposalStatus;
      if (started) proposalStatus = rng.weighted({ declined: 60, cancelled: 40 });
      // An expired listing's pending proposals were declined when it expired (lib/server/listings/lifecycle.ts).
      else if (status === 'expired') proposalStatus = rng.weighted({ declined: 65, cancelled: 35 });
      else if (isDemoOwner && i === 0) proposalStatus = 'pending';
      else proposalStatus = rng.weighted({ pending: 55, declined: 20, cancelled: 15, accepted: 10 });
      addProposal(listing, rng.pick(candidates), proposalStatus);
    }
  }

  return proposalRows;
}
