// Moderation and identity checks through the API: the queue, the search, a member's record, each
// action and its rules, suspension (sessions end, listings leave the lists, sign-in refused), the
// audit log, the e-mails, and identity checks from upload to badge and deletion.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/moderation.test.ts
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { call, drainJobs, mailsTo } from './helpers';
import { rowCounts } from './table-counts';
import { address, jpeg, memberTests, newPackage, someone, type Member } from './member-fixtures';
import { getDb, sqlExecutor } from '@/lib/server/db/client';
import { sessions, users } from '@/lib/server/db/schema';
import { getListing, listListings, openListingIds } from '@/lib/server/listings/listings';
import { getFile } from '@/lib/server/storage';
import { removeIdentityFiles } from '@/lib/server/moderation/identity';
import { listingFiltersSchema } from '@/lib/schemas/listings';
import { POST as report } from '@/app/api/user/v1/users/[userId]/reports/route';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { GET as me } from '@/app/api/user/v1/me/route';
import { GET as myListings } from '@/app/api/user/v1/me/listings/route';
import { GET as queue } from '@/app/api/user/v1/moderation/queue/route';
import { GET as search } from '@/app/api/user/v1/moderation/members/route';
import { GET as record } from '@/app/api/user/v1/moderation/members/[userId]/route';
import { POST as memberAction } from '@/app/api/user/v1/moderation/members/[userId]/actions/route';
import { POST as listingAction } from '@/app/api/user/v1/moderation/listings/[id]/actions/route';
import { GET as identityFile } from '@/app/api/user/v1/moderation/identity/[id]/[file]/route';
import { POST as decide } from '@/app/api/user/v1/moderation/identity/[id]/decision/route';
import { GET as myIdentity, POST as sendIdentity } from '@/app/api/user/v1/me/identity/route';

memberTests();

async function staff(label: string): Promise<Member> {
  const m = await someone(label);
  const db = await getDb();
  await db.update(users).set({ role: 'moderator' }).where(eq(users.id, m.userId));
  return m;
}

const act = (moderator: Member, userId: string, action: string, reason: string) =>
  call(memberAction, { params: { userId }, cookie: moderator.cookie, body: { action, reason } });

const logOf = async (moderator: Member, userId: string) =>
  (await call(record, { params: { userId }, cookie: moderator.cookie })).json.data.log as {
    action: string;
    reason: string;
    moderator: { id: string } | null;
  }[];

const openPackages = async () =>
  (await listListings('package', listingFiltersSchema.parse({ limit: 50, sort: 'recent' }))).items.map((i) => i.id);

async function identityForm(parts: ('document' | 'selfie')[] = ['document', 'selfie']) {
  const form = new FormData();
  for (const part of parts)
    form.append(part, new File([new Uint8Array(await jpeg(320, 200))], `${part}.jpg`, { type: 'image/jpeg' }));
  return form;
}

describe('the queue', () => {
  test('reports grouped by listing or member, with reasons and reporters; three reporters put a member first, and nothing public changes', async () => {
    const moderator = await staff('mod-queue');
    const suspect = await someone('suspect');
    const quiet = await someone('quiet');
    const listing = await newPackage(suspect);
    const reporters = [await someone('r1'), await someone('r2'), await someone('r3')];
    const reportOf = (by: Member, userId: string, body: Record<string, unknown>) =>
      call(report, { params: { userId }, cookie: by.cookie, body, address: address() });
    // An older report about another member, so that the order is the flag's, not the age's.
    assert.equal((await reportOf(reporters[0]!, quiet.userId, { reason: 'other' })).status, 200);
    const notTheirs = await reportOf(reporters[1]!, quiet.userId, {
      reason: 'scam',
      listing: { kind: 'package', id: listing },
    });
    assert.equal(notTheirs.status, 400, 'a listing must be the reported member’s');
    assert.ok(notTheirs.json.error!.fields!['listing.id']);
    await reportOf(reporters[0]!, suspect.userId, {
      reason: 'scam',
      details: 'Virement d’avance',
      listing: { kind: 'package', id: listing },
    });
    await reportOf(reporters[1]!, suspect.userId, {
      reason: 'prohibited_item',
      listing: { kind: 'package', id: listing },
    });
    await reportOf(reporters[2]!, suspect.userId, { reason: 'abusive' });

    const answer = await call(queue, { cookie: moderator.cookie });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const groups = answer.json.data.groups as {
      key: string;
      member: { id: string; flagged: boolean; reporters: number };
      listing: { id: string } | null;
      reports: { reason: string; details: string; reporter: { id: string; name: string } }[];
    }[];
    const mine = groups.filter((g) => g.member.id === suspect.userId);
    assert.equal(mine.length, 2, 'one group for the listing, one for the member');
    // Other files share the database: what matters is that the flagged member comes before an older report.
    const at = (userId: string) => groups.findIndex((g) => g.member.id === userId);
    assert.ok(
      mine.every((g) => g.member.flagged),
      'three reporters flag',
    );
    assert.ok(at(suspect.userId) < at(quiet.userId), 'the flagged member before an older report');
    assert.ok(
      groups.slice(0, at(suspect.userId)).every((g) => g.member.flagged),
      'flagged members first',
    );
    const aboutListing = mine.find((g) => g.listing?.id === listing)!;
    assert.deepEqual(aboutListing.reports.map((r) => r.reason).sort(), ['prohibited_item', 'scam']);
    assert.equal(aboutListing.reports.find((r) => r.reason === 'scam')!.details, 'Virement d’avance');
    assert.equal(aboutListing.reports[0]!.reporter.name, 'Leila Haddad');
    assert.equal(aboutListing.member.reporters, 3);
    // Three reports alone: still listed, still in the sitemap (a moderator decides).
    assert.ok((await openPackages()).includes(listing));
    assert.ok((await openListingIds()).some((l) => l.id === listing));

    // Staff only.
    assert.equal((await call(queue, { cookie: suspect.cookie })).status, 403);
    assert.equal((await call(queue, {})).status, 401);
  });

  test('search by e-mail or name; the record shows listings, reports and the log', async () => {
    const moderator = await staff('mod-search');
    const target = await someone('findme');
    const db = await getDb();
    await db.update(users).set({ firstname: 'Zoubeida', lastname: 'Kchaou' }).where(eq(users.id, target.userId));
    const byEmail = await call(search, { query: { q: target.email.toUpperCase() }, cookie: moderator.cookie });
    assert.deepEqual(
      byEmail.json.data.map((h: { id: string }) => h.id),
      [target.userId],
    );
    const byName = await call(search, { query: { q: 'zoubeida kch' }, cookie: moderator.cookie });
    assert.ok(byName.json.data.some((h: { id: string }) => h.id === target.userId));
    const tooShort = await call(search, { query: { q: 'z' }, cookie: moderator.cookie });
    assert.equal(tooShort.status, 400);
    assert.ok(tooShort.json.error!.fields!.q);
    const wildcard = await call(search, { query: { q: '%%' }, cookie: moderator.cookie });
    assert.deepEqual(wildcard.json.data, [], 'a % is a character, not a wildcard');

    const listing = await newPackage(target);
    const seen = await call(record, { params: { userId: target.userId }, cookie: moderator.cookie });
    assert.equal(seen.status, 200, JSON.stringify(seen.json));
    assert.equal(seen.json.data.member.email, target.email);
    assert.deepEqual(
      seen.json.data.listings.map((l: { id: string }) => l.id),
      [listing],
    );
    assert.equal((await call(record, { params: { userId: 'ghost' }, cookie: moderator.cookie })).status, 404);
    assert.equal((await call(record, { params: { userId: target.userId }, cookie: target.cookie })).status, 403);
  });
});

describe('actions', () => {
  test('suspend: sessions end, listings leave every list, sign-in says ACCOUNT_SUSPENDED; lift: all back; both in the log; e-mails in the member’s language', async () => {
    const moderator = await staff('mod-suspend');
    const bad = await someone('bad');
    const reporter = await someone('reporter');
    const db = await getDb();
    await db.update(users).set({ locale: 'en' }).where(eq(users.id, bad.userId));
    const listing = await newPackage(bad);
    await call(report, { params: { userId: bad.userId }, cookie: reporter.cookie, body: { reason: 'scam' } });

    const noReason = await act(moderator, bad.userId, 'suspend', ' ');
    assert.equal(noReason.status, 400);
    assert.ok(noReason.json.error!.fields!.reason);
    const counts = await rowCounts();
    assert.equal((await act(bad, moderator.userId, 'suspend', 'Revanche')).status, 403, 'members cannot act');
    assert.deepEqual(await rowCounts(), counts, 'a refused action writes nothing');
    assert.equal((await act(moderator, moderator.userId, 'warn', 'Moi-même')).json.error!.code, 'CANNOT_TARGET_SELF');
    assert.equal(
      (await act(moderator, bad.userId, 'lift_suspension', 'Rien')).json.error!.code,
      'MODERATION_NOT_ALLOWED',
    );

    const suspended = await act(moderator, bad.userId, 'suspend', 'Arnaque au virement confirmée');
    assert.equal(suspended.status, 200, JSON.stringify(suspended.json));
    assert.equal(
      (await db.select().from(sessions).where(eq(sessions.userId, bad.userId))).length,
      0,
      'no session left',
    );
    assert.equal((await call(me, { cookie: bad.cookie })).status, 401, 'the open session is gone');
    assert.ok(!(await openPackages()).includes(listing), 'out of the lists');
    assert.equal(await getListing('package', listing), null, 'its page is gone');
    assert.ok(!(await openListingIds()).some((l) => l.id === listing), 'out of the sitemap');
    const refused = await call(signIn, { body: { email: bad.email, password: 'secret12' }, address: address() });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error!.code, 'ACCOUNT_SUSPENDED');
    assert.match(refused.json.error!.message, /contact/);
    assert.equal(refused.cookie, undefined);
    const wrong = await call(signIn, { body: { email: bad.email, password: 'wrongpass1' }, address: address() });
    assert.equal(wrong.json.error!.code, 'INVALID_CREDENTIALS', 'the suspension shows only with the right password');
    assert.equal((await act(moderator, bad.userId, 'suspend', 'Encore')).json.error!.code, 'MODERATION_NOT_ALLOWED');

    await drainJobs();
    const toMember = mailsTo(bad.email).at(-1)!;
    assert.match(toMember.subject, /suspended/, 'in English, the member’s language');
    assert.match(toMember.text, /Arnaque au virement confirmée/);
    assert.match(mailsTo(reporter.email).at(-1)!.subject, /signalement a été traité/);

    const lifted = await act(moderator, bad.userId, 'lift_suspension', 'Erreur d’identification');
    assert.equal(lifted.status, 200);
    assert.ok((await openPackages()).includes(listing), 'back in the lists');
    const back = await call(signIn, { body: { email: bad.email, password: 'secret12' }, address: address() });
    assert.equal(back.status, 200, JSON.stringify(back.json));
    await drainJobs();
    assert.match(mailsTo(bad.email).at(-1)!.text, /Erreur d’identification/);

    const log = await logOf(moderator, bad.userId);
    assert.deepEqual(
      log.map((l) => [l.action, l.reason, l.moderator?.id]),
      [
        ['lift_suspension', 'Erreur d’identification', moderator.userId],
        ['suspend', 'Arnaque au virement confirmée', moderator.userId],
      ],
    );
  });

  test('dismiss, warn, clear a flag, hide and show a listing: each handles what it should and is logged', async () => {
    const moderator = await staff('mod-acts');
    const target = await someone('target');
    const reporters = [await someone('w1'), await someone('w2'), await someone('w3')];
    const listing = await newPackage(target);
    for (const r of reporters)
      await call(report, {
        params: { userId: target.userId },
        cookie: r.cookie,
        body: { reason: 'suspicious', listing: { kind: 'package', id: listing } },
        address: address(),
      });
    const db = await getDb();
    const flaggedAt = async () =>
      (await db.select({ at: users.flaggedAt }).from(users).where(eq(users.id, target.userId)))[0]!.at;
    assert.ok(await flaggedAt(), 'three reporters flag');

    const hide = (action: string, reason: string) =>
      call(listingAction, {
        params: { id: listing },
        cookie: moderator.cookie,
        body: { kind: 'package', action, reason },
      });
    assert.equal((await hide('show_listing', 'Rien à rétablir')).json.error!.code, 'MODERATION_NOT_ALLOWED');
    const short = await hide('hide_listing', 'no');
    assert.equal(short.status, 400);
    assert.ok(short.json.error!.fields!.reason);
    assert.equal((await hide('hide_listing', 'Objet interdit')).status, 200);
    assert.ok(!(await openPackages()).includes(listing));
    // Its owner sees it marked in mes-colis.
    const mine = async () =>
      (
        (await call(myListings, { cookie: target.cookie, query: { kind: 'package' } })).json.data.items as {
          listing: { id: string };
          hidden: string | null;
        }[]
      ).find((item) => item.listing.id === listing)?.hidden;
    assert.equal(await mine(), 'moderation');
    const queued = (await call(queue, { cookie: moderator.cookie })).json.data.groups as {
      listing: { id: string } | null;
    }[];
    assert.ok(!queued.some((g) => g.listing?.id === listing), 'its reports are handled');
    await drainJobs();
    assert.match(mailsTo(target.email).at(-1)!.text, /Objet interdit/);
    assert.ok(
      reporters.every((r) => mailsTo(r.email).some((m) => /traité/.test(m.subject))),
      'each reporter told',
    );
    assert.equal((await hide('show_listing', 'Objet autorisé finalement')).status, 200);
    assert.ok((await openPackages()).includes(listing));
    assert.equal(await mine(), null);

    assert.equal((await act(moderator, target.userId, 'clear_flag', 'Signalements infondés')).status, 200);
    assert.equal(await flaggedAt(), null);
    assert.equal(
      (await act(moderator, target.userId, 'clear_flag', 'Encore')).json.error!.code,
      'MODERATION_NOT_ALLOWED',
    );

    const other = await someone('w4');
    await call(report, { params: { userId: target.userId }, cookie: other.cookie, body: { reason: 'other' } });
    assert.equal((await act(moderator, target.userId, 'dismiss', 'Sans fondement')).status, 200);
    assert.equal((await act(moderator, target.userId, 'warn', 'Restez courtois')).status, 200);
    await drainJobs();
    assert.match(mailsTo(target.email).at(-1)!.text, /Restez courtois/);

    assert.deepEqual(
      (await logOf(moderator, target.userId)).map((l) => l.action),
      ['warn', 'dismiss', 'clear_flag', 'show_listing', 'hide_listing'],
    );
  });
});

describe('identity checks', () => {
  test('upload, private files for staff only, refuse with a reason, upload again, approve: the badge and the filter; files deleted by the job', async () => {
    const moderator = await staff('mod-identity');
    const applicant = await someone('applicant');
    const listing = await newPackage(applicant);

    const half = await call(sendIdentity, { cookie: applicant.cookie, form: await identityForm(['document']) });
    assert.equal(half.status, 400);
    assert.equal(half.json.error!.code, 'NO_FILE');
    assert.ok(half.json.error!.fields!.selfie && !half.json.error!.fields!.document);
    const notImage = new FormData();
    notImage.append('document', new File(['%PDF-1.4'], 'id.jpg', { type: 'image/jpeg' }));
    notImage.append('selfie', new File(['hello'], 'me.jpg', { type: 'image/jpeg' }));
    assert.equal(
      (await call(sendIdentity, { cookie: applicant.cookie, form: notImage })).json.error!.code,
      'UNSUPPORTED_FORMAT',
    );

    const sent = await call(sendIdentity, { cookie: applicant.cookie, form: await identityForm() });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    assert.equal(sent.json.data.check.status, 'pending');
    const first = sent.json.data.check.id as string;
    assert.equal(
      (await call(sendIdentity, { cookie: applicant.cookie, form: await identityForm() })).json.error!.code,
      'IDENTITY_CHECK_PENDING',
    );

    const waiting = (await call(queue, { cookie: moderator.cookie })).json.data.identity as { id: string }[];
    assert.ok(waiting.some((c) => c.id === first));
    const picture = await call(identityFile, { params: { id: first, file: 'document' }, cookie: moderator.cookie });
    assert.equal(picture.status, 200);
    assert.equal(picture.response.headers.get('content-type'), 'image/webp');
    assert.match(picture.response.headers.get('cache-control')!, /no-store/);
    const bytes = Buffer.from(await picture.response.arrayBuffer());
    assert.equal(bytes.subarray(8, 12).toString('latin1'), 'WEBP', 're-encoded, metadata dropped');
    assert.equal(
      (await call(identityFile, { params: { id: first, file: 'selfie' }, cookie: applicant.cookie })).status,
      403,
    );
    assert.equal((await call(identityFile, { params: { id: first, file: 'selfie' } })).status, 401);
    assert.equal(
      (await call(identityFile, { params: { id: first, file: 'passport' }, cookie: moderator.cookie })).status,
      404,
    );
    const key = `identity/${applicant.userId}/${first}-document.webp`;
    assert.equal(await getFile(key), null, 'not in the public area');
    assert.ok(await getFile(key, { area: 'private' }));

    const noReason = await call(decide, {
      params: { id: first },
      cookie: moderator.cookie,
      body: { decision: 'refuse' },
    });
    assert.equal(noReason.status, 400);
    assert.ok(noReason.json.error!.fields!.reason);
    const refused = await call(decide, {
      params: { id: first },
      cookie: moderator.cookie,
      body: { decision: 'refuse', reason: 'Photo floue, document illisible' },
    });
    assert.equal(refused.status, 200, JSON.stringify(refused.json));
    const mine = await call(myIdentity, { cookie: applicant.cookie });
    assert.deepEqual(
      [mine.json.data.verified, mine.json.data.check.status, mine.json.data.check.reason],
      [false, 'refused', 'Photo floue, document illisible'],
    );
    assert.equal(
      (await call(decide, { params: { id: first }, cookie: moderator.cookie, body: { decision: 'approve' } })).json
        .error!.code,
      'MODERATION_NOT_ALLOWED',
      'decided once',
    );
    // The pictures' deletion waits 30 days after the decision.
    const [job] = (
      await sqlExecutor(await getDb()).executeSql(
        `select start_after from pgboss.job where name = 'identity-files' and data->>'checkId' = $1`,
        [first],
      )
    ).rows as { start_after: Date }[];
    const days = (new Date(job!.start_after).getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, `deleted after ${days} days`);
    await removeIdentityFiles(first);
    assert.equal(await getFile(key, { area: 'private' }), null, 'the job deletes them');
    assert.equal(
      (await call(identityFile, { params: { id: first, file: 'document' }, cookie: moderator.cookie })).status,
      404,
    );

    const again = await call(sendIdentity, { cookie: applicant.cookie, form: await identityForm() });
    const second = again.json.data.check.id as string;
    const verifiedOnly = async () =>
      (await listListings('package', listingFiltersSchema.parse({ verified: '1', limit: 50, sort: 'recent' }))).items;
    assert.ok(!(await verifiedOnly()).some((l) => l.id === listing));
    assert.equal(
      (await call(decide, { params: { id: second }, cookie: moderator.cookie, body: { decision: 'approve' } })).status,
      200,
    );
    assert.equal((await call(myIdentity, { cookie: applicant.cookie })).json.data.verified, true);
    assert.equal((await getListing('package', listing))!.owner.verified.identity, true, 'the badge on cards and pages');
    const filtered = await verifiedOnly();
    assert.ok(filtered.some((l) => l.id === listing) && filtered.every((l) => l.owner.verified.identity));
    assert.equal(
      (await call(sendIdentity, { cookie: applicant.cookie, form: await identityForm() })).json.error!.code,
      'IDENTITY_ALREADY_VERIFIED',
    );
    assert.deepEqual(
      (await logOf(moderator, applicant.userId)).map((l) => l.action),
      ['approve_identity', 'refuse_identity'],
    );
  });
});
