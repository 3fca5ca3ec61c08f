import type { ratings } from '../schema';
import type { Listings } from './listings';
import type { Members } from './members';
import { RATING_COMMENTS } from './rating-comments';
import type { ProposalRow, Row, Seeding, UserRow } from './rows';
import { at, DAY, HOUR } from './units';

// The demo's ratings: both sides of most delivered deals, and more from past ones so that most
// members have a few (the newcomer none); then each member's count and average.

export type RatingRow = Row<typeof ratings> & { score: number };

export function makeRatings(
  { rng, now }: Seeding,
  { all: userRows, demo, active, byId: userById }: Members,
  listings: Listings,
  proposalRows: ProposalRow[],
): RatingRow[] {
  const ratingRows: RatingRow[] = [];
  const ratingKeys = new Set<string>();
  const rate = (author: UserRow, rated: UserRow, after: number): boolean => {
    const key = `${author.id}|${rated.id}`;
    if (author.id === rated.id || ratingKeys.has(key)) return false;
    ratingKeys.add(key);
    const score = rng.weightedInt({ 5: 55, 4: 30, 3: 9, 2: 4, 1: 2 });
    const since = Math.max(after, author.createdAt.getTime(), rated.createdAt.getTime());
    ratingRows.push({
      id: rng.id(),
      authorId: author.id,
      ratedUserId: rated.id,
      score,
      comment: rng.pick(RATING_COMMENTS[score]!),
      createdAt: at(Math.min(now - HOUR, since + rng.float(0.2, 10) * DAY)),
    });
    return true;
  };
  for (const proposal of proposalRows) {
    if (proposal.status !== 'delivered') continue;
    const listing = listings.byId.get(proposal.packageId ?? proposal.travelId ?? '')!;
    const sender = userById.get(proposal.senderId)!;
    const publisher = userById.get(proposal.publisherId)!;
    const ended = listing.row.endedAt.getTime();
    if (rng.chance(0.85)) rate(publisher, sender, ended);
    if (rng.chance(0.85)) rate(sender, publisher, ended);
  }
  // More ratings from past exchanges.
  for (const rated of active) {
    const wanted = rated === demo.traveller ? 9 : rated === demo.sender ? 5 : rng.int(0, 4);
    for (let given = 0, tries = 0; given < wanted && tries < 50; tries++)
      if (rate(rng.pick(active), rated, now - rng.float(20, 200) * DAY)) given++;
  }
  const scores = new Map<string, number[]>();
  for (const r of ratingRows) scores.set(r.ratedUserId, [...(scores.get(r.ratedUserId) ?? []), r.score]);
  for (const user of userRows) {
    const list = scores.get(user.id) ?? [];
    user.ratingCount = list.length;
    user.ratingAverage = list.length ? Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 100) / 100 : null;
  }
  return ratingRows;
}
