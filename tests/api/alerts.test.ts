// Route alerts through the API, against a real database: saving a filtered list, matching a new
// listing as the list would show it, one digest a day per alert in the member's language, the
// one-click unsubscribe, and matching off the write's path.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/alerts.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { call, deleteListingsOf, drainJobs, linkIn, mailsTo, member, soon } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { alertMatches, routeAlerts } from '@/lib/server/db/schema';
import { alertRules } from '@/lib/domain';
import { matchNewListing, sendDigest, sendDueDigests } from '@/lib/server/public/alerts';
import { createListing, listListings } from '@/lib/server/listings/listings';
import { listingFiltersSchema, packageInputSchema, travelInputSchema } from '@/lib/schemas/listings';
import { GET as listAlerts, POST as createAlert } from '@/app/api/user/v1/alerts/route';
import { DELETE as deleteAlert } from '@/app/api/user/v1/alerts/[id]/route';
import { POST as unsubscribe } from '@/app/api/user/v1/alerts/unsubscribe/route';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { PATCH as patchMe } from '@/app/api/user/v1/me/route';

type Member = Awaited<ReturnType<typeof member>>;
const isoDay = (days: number) => soon(days).slice(0, 10);

let watcher: Member;
let publisher: Member;

const parcel = (extra: Record<string, unknown> = {}) =>
  packageInputSchema.parse({
    name: 'Épices',
    from: { city: 'Sousse' },
    to: { city: 'Paris' },
    startedAt: soon(10),
    endedAt: soon(12),
    weightKg: 3,
    pricePerKg: 18,
    currency: 'TND',
    ...extra,
  });

async function alert(m: Member, kind: 'package' | 'travel', filters: Record<string, unknown>) {
  const answer = await call(createAlert, { cookie: m.cookie, body: { kind, filters } });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.data as { id: string; query: string };
}

before(async () => {
  await migrateDb();
  watcher = await member('watcher');
  publisher = await member('publisher');
});
after(async () => {
  await deleteListingsOf(watcher.userId, publisher.userId);
  await closeDb();
});

describe('saving alerts', () => {
  test('from a list’s filters, at least one; cities resolved; listed; removed by their owner only', async () => {
    const empty = await call(createAlert, {
      cookie: watcher.cookie,
      body: { kind: 'package', filters: { sort: 'price' } },
    });
    assert.equal(empty.status, 400);
    assert.ok(empty.json.error!.fields!.filters);
    const unknown = await call(createAlert, {
      cookie: watcher.cookie,
      body: { kind: 'package', filters: { from: 'Atlantis' } },
    });
    assert.equal(
      unknown.json.error!.fields!['filters.from'],
      'Ville introuvable : vérifiez l’orthographe ou choisissez un pays.',
    );
    const inverted = await call(createAlert, {
      cookie: watcher.cookie,
      body: { kind: 'package', filters: { after: isoDay(9), before: isoDay(3) } },
    });
    assert.equal(inverted.status, 400);
    const saved = await alert(watcher, 'package', { from: 'سوسة', toCountry: 'fr', maxPrice: '25', cursor: 'x' });
    assert.equal(saved.query, '?from=Sousse&fromCountry=TN&toCountry=FR&maxPrice=25');
    const list = await call(listAlerts, { cookie: watcher.cookie });
    assert.equal(list.json.data.items[0].id, saved.id);
    assert.equal(list.json.data.items[0].criteria.toCountry, 'FR');
    const foreign = await call(deleteAlert, { params: { id: saved.id }, cookie: publisher.cookie });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.json.error!.code, 'ALERT_NOT_FOUND');
    assert.equal((await call(deleteAlert, { params: { id: saved.id }, cookie: watcher.cookie })).status, 200);
    assert.deepEqual((await call(listAlerts, { cookie: watcher.cookie })).json.data.items, []);
  });

  test(`${alertRules.perMember} alerts at most`, async () => {
    const m = await member('collector');
    const db = await getDb();
    await db.insert(routeAlerts).values(
      Array.from({ length: alertRules.perMember }, (_, i) => ({
        id: `bulk-${process.pid}-${i}`,
        userId: m.userId,
        kind: 'travel' as const,
        toCountry: 'TN',
        unsubscribeToken: `bulk-token-${process.pid}-${i}`,
      })),
    );
    const refused = await call(createAlert, {
      cookie: m.cookie,
      body: { kind: 'travel', filters: { toCountry: 'MA' } },
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.json.error!.code, 'TOO_MANY_ALERTS');
  });
});

describe('matching', () => {
  // An alert matches a new listing exactly when its list (same filters) shows it: each row is a
  // filter, a listing that the list shows, and one it does not.
  const cases: [
    string,
    'package' | 'travel',
    Record<string, string>,
    Record<string, unknown>,
    Record<string, unknown>,
  ][] = [
    ['city of departure', 'package', { from: 'Sousse' }, {}, { from: { city: 'Sfax' } }],
    ['country of arrival', 'package', { toCountry: 'FR' }, {}, { to: { city: 'Milan' } }],
    ['departure on or after', 'package', { after: isoDay(9) }, { startedAt: soon(9.5) }, { startedAt: soon(7) }],
    [
      'departure on or before',
      'package',
      { before: isoDay(10) },
      { startedAt: soon(10) },
      { startedAt: soon(11.2), endedAt: soon(13) },
    ],
    ['price per kg', 'package', { maxPrice: '20' }, { pricePerKg: 20 }, { pricePerKg: 21 }],
    ['weights', 'package', { minWeight: '2', maxWeight: '5' }, { weightKg: 5 }, { weightKg: 6 }],
    ['means of transport', 'travel', { type: 'car' }, { travelType: 'car' }, { travelType: 'plane' }],
    ['free kilos', 'travel', { minWeight: '8' }, { availableKg: 10 }, { availableKg: 5 }],
  ];
  for (const [name, kind, filters, matching, other] of cases)
    test(`${kind}: ${name}, as the list shows it`, async () => {
      const { id: alertId } = await alert(watcher, kind, filters);
      const input = (extra: Record<string, unknown>) =>
        kind === 'package'
          ? parcel(extra)
          : travelInputSchema.parse({
              from: { city: 'Sousse' },
              to: { city: 'Paris' },
              startedAt: soon(10),
              endedAt: soon(12),
              pricePerKg: 9,
              currency: 'EUR',
              travelType: 'bus',
              ...extra,
            });
      const shown = await createListing(kind, publisher.userId, input(matching));
      const hidden = await createListing(kind, publisher.userId, input(other));
      const list = await listListings(kind, { ...listingFiltersSchema.parse(filters), limit: 50 });
      const onList = (id: string) => list.items.some((l) => l.id === id);
      assert.equal(onList(shown.id), true, 'the list shows the first');
      assert.equal(onList(hidden.id), false, 'and not the second');
      assert.ok((await matchNewListing(kind, shown.id)).includes(alertId));
      assert.ok(!(await matchNewListing(kind, hidden.id)).includes(alertId));
      await call(deleteAlert, { params: { id: alertId }, cookie: watcher.cookie });
    });

  test('one’s own listing does not match one’s own alert', async () => {
    const { id } = await alert(publisher, 'package', { from: 'Sousse' });
    const own = await createListing('package', publisher.userId, parcel());
    assert.ok(!(await matchNewListing('package', own.id)).includes(id));
    await call(deleteAlert, { params: { id }, cookie: publisher.cookie });
  });
});

describe('digests', () => {
  test('the first match goes at once, in the member’s language; then at most one a day; one-click unsubscribe', async () => {
    const reader = await member('reader');
    await call(patchMe, { cookie: reader.cookie, method: 'PATCH', body: { locale: 'ar' } });
    const saved = await alert(reader, 'package', { from: 'Sousse', to: 'Paris' });
    const first = await createListing('package', publisher.userId, parcel());
    await drainJobs(); // its alert-match job, then the digest's e-mail job
    const mails = () => mailsTo(reader.email).filter((m) => m.text.includes('/desabonnement-alerte'));
    assert.equal(mails().length, 1);
    const digest = mails()[0]!;
    assert.match(digest.subject, /^إعلان جديد لتنبيهك سوسة → باريس$/);
    assert.ok(digest.text.includes(`http://localhost:3000/ar/colis/${first.id}`));
    assert.ok(digest.text.includes('http://localhost:3000/ar/colis?from=Sousse&to=Paris&fromCountry=TN&toCountry=FR'));
    assert.match(
      digest.headers!['List-Unsubscribe']!,
      /^<http:\/\/localhost:3000\/api\/user\/v1\/alerts\/unsubscribe\?token=/,
    );
    assert.equal(digest.headers!['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');

    // Two more the same day wait for the next digest.
    const second = await createListing('package', publisher.userId, parcel({ pricePerKg: 16 }));
    const third = await createListing('package', publisher.userId, parcel({ pricePerKg: 17 }));
    await drainJobs();
    assert.equal(mails().length, 1, 'not twice in a day');
    assert.equal(await sendDigest(saved.id), false);
    assert.equal(await sendDueDigests(new Date(Date.now() + 12 * 3600 * 1000)), 0, 'half a day later: not yet');
    await sendDueDigests(new Date(Date.now() + 25 * 3600 * 1000));
    await drainJobs();
    assert.equal(mails().length, 2);
    // Arabic's dual: two listings are إعلانان, not "2 إعلانات".
    assert.match(mails()[1]!.subject, /^إعلانان جديدان/);
    assert.ok(mails()[1]!.text.includes(second.id) && mails()[1]!.text.includes(third.id));
    const db = await getDb();
    assert.equal((await db.select().from(alertMatches).where(eq(alertMatches.alertId, saved.id))).length, 0);

    // The e-mail's link, then a mail client's one-click post (RFC 8058) on a used token.
    const token = linkIn(
      mails()[0]!
        .text.split('\n')
        .find((l) => l.includes('/desabonnement-alerte'))!,
    ).searchParams.get('token')!;
    const done = await call(unsubscribe, { query: { token } });
    assert.equal(done.status, 200);
    assert.deepEqual((await call(listAlerts, { cookie: reader.cookie })).json.data.items, []);
    const again = await call(unsubscribe, {
      query: { token },
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(again.status, 404);
    assert.equal(again.json.error!.code, 'ALERT_NOT_FOUND');
  });

  test('a listing created through the API is matched by a job, off the write’s path', async () => {
    const fan = await member('fan');
    await alert(fan, 'package', { from: 'Sousse', maxWeight: '10' });
    const created = await call(createPackage, {
      cookie: publisher.cookie,
      body: {
        name: 'Livres',
        from: { city: 'Sousse' },
        to: { city: 'Lyon' },
        startedAt: soon(5),
        endedAt: soon(8),
        weightKg: 4,
        pricePerKg: 10,
        currency: 'EUR',
      },
    });
    assert.equal(created.status, 200);
    const mail = mailsTo(fan.email).at(-1)!;
    assert.match(mail.subject, /^Une nouvelle annonce pour votre alerte Sousse → partout$/);
    assert.ok(mail.text.includes(created.json.data.id));
  });
});
