// Members about each other, through the API: likes, ratings after a deal, reports and the flag, public
// profiles and the reliability record.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/member-community.test.ts
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { call, mailsTo } from './helpers';
import { rowCounts } from './table-counts';
import { getDb } from '@/lib/server/db/client';
import { messages, packages, users } from '@/lib/server/db/schema';
import { cancelProposal } from '@/lib/server/deals/proposals';
import { openConversation, sendMessage } from '@/lib/server/deals/messaging';
import { openListingIds } from '@/lib/server/listings/listings';
import { GET as profile } from '@/app/api/user/v1/users/[userId]/profile/route';
import { PUT as like, DELETE as unlike } from '@/app/api/user/v1/users/[userId]/like/route';
import { POST as rate } from '@/app/api/user/v1/users/[userId]/ratings/route';
import { POST as report } from '@/app/api/user/v1/users/[userId]/reports/route';
import { day, deal, memberTests, newPackage, newTravel, someone } from './member-fixtures';

memberTests();

describe('likes, ratings and reports', () => {
  test('a like, once; not oneself', async () => {
    const a = await someone('liker');
    const b = await someone('liked');
    assert.deepEqual((await call(like, { params: { userId: b.userId }, cookie: a.cookie })).json.data, {
      count: 1,
      liked: true,
    });
    assert.equal((await call(like, { params: { userId: b.userId }, cookie: a.cookie })).json.data.count, 1);
    const self = await call(like, { params: { userId: a.userId }, cookie: a.cookie });
    assert.equal(self.json.error!.code, 'CANNOT_TARGET_SELF');
    assert.equal((await call(like, { params: { userId: 'ghost' }, cookie: a.cookie })).status, 404);
    assert.deepEqual((await call(unlike, { params: { userId: b.userId }, cookie: a.cookie })).json.data, {
      count: 0,
      liked: false,
    });
  });

  test('a rating needs a delivered deal (or an accepted one past its arrival), once; the average follows', async () => {
    const sender = await someone('rsender');
    const carrier = await someone('rcarrier');
    const stranger = await someone('rstranger');
    const none = await call(rate, {
      params: { userId: carrier.userId },
      cookie: stranger.cookie,
      body: { score: 5, comment: 'Top' },
    });
    assert.equal(none.status, 403);
    assert.equal(none.json.error!.code, 'RATING_NOT_ALLOWED');

    const accepted = await deal(sender, carrier, 'accepted');
    const early = await call(rate, { params: { userId: carrier.userId }, cookie: sender.cookie, body: { score: 4 } });
    assert.equal(early.json.error?.code, 'RATING_NOT_ALLOWED', 'accepted, not arrived yet');
    const db = await getDb();
    await db
      .update(packages)
      .set({ startedAt: new Date(Date.now() - 3 * day), endedAt: new Date(Date.now() - day) })
      .where(eq(packages.id, accepted.listingId));
    const counts = await rowCounts();
    for (const [body, field] of [
      [{ score: 0 }, 'score'],
      [{ score: 6 }, 'score'],
      [{ score: 4.5 }, 'score'],
      [{ score: 4, comment: 'x'.repeat(1001) }, 'comment'],
    ] as const) {
      const bad = await call(rate, { params: { userId: carrier.userId }, cookie: sender.cookie, body });
      assert.equal(bad.status, 400);
      assert.ok(bad.json.error!.fields![field]);
    }
    assert.deepEqual(await rowCounts(), counts, 'refused ratings write nothing');
    const first = await call(rate, {
      params: { userId: carrier.userId },
      cookie: sender.cookie,
      body: { score: 4, comment: '  Ponctuel et soigneux  ' },
    });
    assert.equal(first.status, 200, JSON.stringify(first.json));
    assert.equal(first.json.data.comment, 'Ponctuel et soigneux');
    const again = await call(rate, { params: { userId: carrier.userId }, cookie: sender.cookie, body: { score: 1 } });
    assert.equal(again.status, 409);
    assert.equal(again.json.error!.code, 'ALREADY_RATED');
    assert.equal(again.json.error!.message, 'Vous avez déjà noté ce membre.');

    // The other side, after a delivered deal of theirs.
    await deal(sender, carrier, 'delivered');
    const back = await call(rate, { params: { userId: sender.userId }, cookie: carrier.cookie, body: { score: 5 } });
    assert.equal(back.status, 200);
    const stored = await db.select().from(users).where(eq(users.id, carrier.userId));
    assert.deepEqual([stored[0]!.ratingCount, stored[0]!.ratingAverage], [1, 4]);
    const self = await call(rate, { params: { userId: sender.userId }, cookie: sender.cookie, body: { score: 5 } });
    assert.equal(self.json.error!.code, 'CANNOT_TARGET_SELF');
    const seen = await call(profile, { params: { userId: carrier.userId } });
    assert.equal(seen.json.data.reviews[0].author.id, sender.userId);
    assert.equal(seen.json.data.user.reviewCount, 1);
  });

  test('a report with a reason, once per member; the third different member flags: support told once, nothing public changes (a moderator decides)', async () => {
    const suspect = await someone('suspect');
    const listing = await newPackage(suspect);
    const reporters = [await someone('rep1'), await someone('rep2'), await someone('rep3'), await someone('rep4')];
    const bad = await call(report, {
      params: { userId: suspect.userId },
      cookie: reporters[0]!.cookie,
      body: { reason: 'mood' },
    });
    assert.equal(bad.status, 400);
    assert.ok(bad.json.error!.fields!.reason);
    const support = 'support@colibri.tn';
    const flagMails = () => mailsTo(support).filter((m) => m.text.includes(suspect.userId));
    for (const [i, reporter] of reporters.slice(0, 2).entries()) {
      const ok = await call(report, {
        params: { userId: suspect.userId },
        cookie: reporter.cookie,
        body: { reason: i ? 'scam' : 'no_show', details: 'Demande un virement d’avance.' },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
    }
    const twice = await call(report, {
      params: { userId: suspect.userId },
      cookie: reporters[0]!.cookie,
      body: { reason: 'other' },
    });
    assert.equal(twice.json.error!.code, 'ALREADY_REPORTED');
    assert.equal(flagMails().length, 0, 'two members do not flag');
    assert.ok((await openListingIds()).some((l) => l.id === listing));
    await call(report, { params: { userId: suspect.userId }, cookie: reporters[2]!.cookie, body: { reason: 'scam' } });
    const db = await getDb();
    const [flagged] = await db.select({ at: users.flaggedAt }).from(users).where(eq(users.id, suspect.userId));
    assert.ok(flagged!.at, 'flagged at the third');
    assert.equal(flagMails().length, 1);
    assert.match(flagMails()[0]!.subject, /3 membres/);
    assert.match(flagMails()[0]!.text, /no_show/);
    // Three fresh accounts cannot push a member out of search engines: the listing stays in the sitemap.
    assert.ok(
      (await openListingIds()).some((l) => l.id === listing),
      'still in the sitemap',
    );
    await call(report, { params: { userId: suspect.userId }, cookie: reporters[3]!.cookie, body: { reason: 'other' } });
    assert.equal(flagMails().length, 1, 'support is told once');
    const self = await call(report, {
      params: { userId: suspect.userId },
      cookie: suspect.cookie,
      body: { reason: 'other' },
    });
    assert.equal(self.json.error!.code, 'CANNOT_TARGET_SELF');
  });
});

describe('public profile', () => {
  test('the reliability record: median first reply, deals delivered, cancelled after acceptance; what the viewer may do', async () => {
    const host = await someone('host');
    const asker = await someone('asker');
    const db = await getDb();
    // Two conversations others started: the host replies after 10 minutes, then after 30.
    for (const minutes of [10, 30]) {
      const listingId = await newTravel(host);
      const talk = await openConversation(asker.userId, 'fr', { listingKind: 'travel', listingId });
      const reply = await sendMessage(host.userId, talk.id, 'Oui, il reste de la place.');
      const first = talk.messages[0]!;
      await db
        .update(messages)
        .set({ createdAt: new Date(new Date(first.createdAt).getTime() + minutes * 60 * 1000) })
        .where(eq(messages.id, reply.id));
    }
    // Deals where the host proposed (so they start those conversations): one delivered, one accepted
    // then cancelled by the host, one still under way (not settled).
    const dealer = await someone('dealer');
    await deal(dealer, host, 'delivered');
    const cancelled = await deal(dealer, host, 'accepted');
    await cancelProposal(host.userId, cancelled.proposalId);
    await deal(dealer, host, 'accepted');

    const seen = await call(profile, { params: { userId: host.userId } });
    assert.equal(seen.status, 200);
    assert.deepEqual(seen.json.data.reliability, {
      medianReplySeconds: 20 * 60,
      repliedConversations: 2,
      acceptedDeals: 2,
      deliveredDeals: 1,
      cancelledAfterAcceptance: 1,
    });
    assert.equal(seen.json.data.user.lastname, 'H.', 'the initial only');
    assert.equal(seen.json.data.viewer, null);
    assert.ok(seen.json.data.listings.every((l: { owner: { id: string } }) => l.owner.id === host.userId));
    const dealers = await call(profile, { params: { userId: host.userId }, cookie: dealer.cookie });
    assert.deepEqual(dealers.json.data.viewer, {
      self: false,
      liked: false,
      canRate: true,
      rated: false,
      reported: false,
      blocked: false,
    });
    const askers = await call(profile, { params: { userId: host.userId }, cookie: asker.cookie });
    assert.equal(askers.json.data.viewer.canRate, false, 'no deal between them');
    const own = await call(profile, { params: { userId: host.userId }, cookie: host.cookie });
    assert.equal(own.json.data.viewer.self, true);
    const dealersRecord = (await call(profile, { params: { userId: dealer.userId } })).json.data.reliability;
    assert.equal(dealersRecord.cancelledAfterAcceptance, 0, 'the host cancelled, not the dealer');
    assert.equal(dealersRecord.repliedConversations, 3, 'accepting a proposal answers it');
    assert.equal((await call(profile, { params: { userId: 'nobody' } })).status, 404);
  });
});
