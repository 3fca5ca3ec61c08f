// Visits counted without cookies (lib/server/traffic/): what POST /page-events counts and leaves, what an
// owner sees on GET /me/listings, what staff read on GET /statistics and its CSV, the campaign a sign-up
// keeps, and the daily roll-up (figures kept, events of 30 days, salts of the day).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { call, deleteListingsOf, member, parcelBody, signUpBody, trader, uniqueEmail, type Json } from './helpers';
import { POST as pageEvents } from '@/app/api/user/v1/page-events/route';
import { GET as myListings } from '@/app/api/user/v1/me/listings/route';
import { GET as statisticsRoute } from '@/app/api/user/v1/statistics/route';
import { GET as statisticsExport } from '@/app/api/user/v1/statistics/export/route';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { POST as signUp } from '@/app/api/user/v1/auth/sign-up/route';
import { closeDb, getDb, rowsOf } from '@/lib/server/db/client';
import { migrateDb } from '@/lib/server/db/migrate';
import { memberCampaigns, pageEvents as events, trafficDays, users, visitorSalts } from '@/lib/server/db/schema';
import { hitHere } from '@/lib/server/limits';
import { flushPageEvents } from '@/lib/server/traffic/writer';
import { recordPageEvent, type Visit } from '@/lib/server/traffic/events';
import { daysBefore, rollUpTraffic } from '@/lib/server/traffic/rollup';
import { statistics } from '@/lib/server/traffic/statistics';
import { visitorHash } from '@/lib/server/traffic/visitors';
import { listingDay } from '@/lib/listing-days';
import { z } from '@/lib/zod';

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const laptop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const owners: string[] = [];
before(() => migrateDb());
after(async () => {
  await deleteListingsOf(...owners);
  await closeDb();
});

/** A page event as a browser sends it: from this site, with a user agent and an address. */
const send = (body: unknown, { ua = phone, address = '198.51.100.7', headers = {} as Record<string, string> } = {}) =>
  call(pageEvents, { body, address, headers: { 'user-agent': ua, 'sec-fetch-site': 'same-origin', ...headers } });

async function ownParcel(label: string) {
  const owner = await trader(label);
  owners.push(owner.userId);
  const created = await call(createPackage, { body: parcelBody(), cookie: owner.cookie });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  return { owner, id: created.json.data.id as string, path: `/fr/colis/${created.json.data.id}` };
}

async function viewsOf(owner: { cookie: string }, id: string) {
  const answer = await call(myListings, { query: { kind: 'package' }, cookie: owner.cookie });
  const item = (
    answer.json.data.items as { listing: { id: string }; views: number; recentViews: number; shareClicks: number }[]
  ).find((i) => i.listing.id === id);
  assert.ok(item);
  return { views: item.views, recentViews: item.recentViews, shareClicks: item.shareClicks };
}

async function staff(label: string) {
  const m = await member(label);
  await (await getDb()).update(users).set({ role: 'moderator' }).where(eq(users.id, m.userId));
  return m;
}

describe('POST /page-events', () => {
  test('a view of a listing’s page counts for its owner at once; a share click too; 204 without a body', async () => {
    const { owner, id, path } = await ownParcel('views');
    assert.deepEqual(await viewsOf(owner, id), { views: 0, recentViews: 0, shareClicks: 0 });
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.1']) {
      const answer = await send(
        { type: 'view', path, referrer: 'www.facebook.com', campaign: { source: 'facebook' } },
        { address },
      );
      assert.equal(answer.status, 204);
      assert.equal(await answer.response.text(), '');
      assert.equal(answer.response.headers.get('set-cookie'), null);
    }
    assert.equal((await send({ type: 'share', path, network: 'whatsapp' })).status, 204);
    assert.equal((await send({ type: 'vitals', path, lcp: 1800, inp: 120, cls: 0.02, ttfb: 300 })).status, 204);
    assert.deepEqual(await viewsOf(owner, id), { views: 3, recentViews: 3, shareClicks: 1 });
  });

  test('robots, prefetches, Do Not Track, Global Privacy Control and pages that are not counted: 204, nothing counted', async () => {
    const { owner, id, path } = await ownParcel('not-counted');
    const view = { type: 'view', path };
    const before = await eventCount();
    for (const [ua, headers] of [
      [googlebot, {}],
      ['', {}],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36', {}],
      [phone, { dnt: '1' }],
      [phone, { 'sec-gpc': '1' }],
      [phone, { 'sec-purpose': 'prefetch;prerender' }],
    ] as const)
      assert.equal((await send(view, { ua, headers })).status, 204, ua);
    for (const other of ['/fr/mes-colis', '/fr/statistiques', '/de/colis', '/fr/colis/a/b'])
      assert.equal((await send({ type: 'view', path: other })).status, 204, other);
    assert.deepEqual(await viewsOf(owner, id), { views: 0, recentViews: 0, shareClicks: 0 });
    assert.equal(await eventCount(), before);
  });

  test('keeps no address, no user agent: a visitor is a hash of the day, the same all day, another the next day', async () => {
    const { path } = await ownParcel('hash');
    const address = '203.0.113.77';
    await send({ type: 'view', path, campaign: { source: 'hash-test' } }, { address });
    const db = await getDb();
    const [row] = await db.select().from(events).where(eq(events.utmSource, 'hash-test'));
    assert.ok(row);
    assert.equal(row.device, 'mobile');
    assert.equal(row.template, '/colis/[id]');
    assert.equal(row.locale, 'fr');
    assert.match(row.visitor ?? '', /^[\w-]{22}$/);
    const stored = JSON.stringify(row);
    for (const secret of [address, 'Android', 'Pixel', 'Chrome']) assert.ok(!stored.includes(secret), secret);
    const today = listingDay(new Date());
    assert.equal(await visitorHash(today, address, phone), row.visitor);
    assert.notEqual(await visitorHash(today, address, laptop), row.visitor);
    assert.notEqual(await visitorHash(daysBefore(today, 400), address, phone), row.visitor);
  });

  // prettier-ignore
  const refused: [what: string, body: unknown, code: string][] = [
    ['an unknown type', { type: 'click', path: '/fr' }, 'VALIDATION_FAILED'],
    ['no path', { type: 'view' }, 'VALIDATION_FAILED'],
    ['a path with its query', { type: 'view', path: '/fr/colis?utm_source=x' }, 'VALIDATION_FAILED'],
    ['a full URL', { type: 'view', path: 'https://evil.example/fr' }, 'VALIDATION_FAILED'],
    ['an unknown field', { type: 'view', path: '/fr', ip: '1.2.3.4' }, 'VALIDATION_FAILED'],
    ['a referrer that is not a host', { type: 'view', path: '/fr', referrer: 'https://x.tn/a' }, 'VALIDATION_FAILED'],
    ['a negative LCP', { type: 'vitals', path: '/fr', lcp: -1 }, 'VALIDATION_FAILED'],
    ['an unknown network', { type: 'share', path: '/fr/colis/abc', network: 'myspace' }, 'VALIDATION_FAILED'],
  ];
  for (const [what, body, code] of refused)
    test(`refuses ${what} (400 ${code}), writing nothing`, async () => {
      const before = await eventCount();
      const answer = await send(body);
      assert.equal(answer.status, 400);
      assert.equal(answer.json.error?.code, code);
      assert.equal(await eventCount(), before);
    });

  test('refuses another media type (415) and a cross-site post (403), in the envelope', async () => {
    const plain = await call(pageEvents, {
      rawBody: JSON.stringify({ type: 'view', path: '/fr' }),
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(plain.status, 415);
    assert.equal(plain.json.error?.code, 'UNSUPPORTED_CONTENT_TYPE');
    const crossSite = await call(pageEvents, {
      body: { type: 'view', path: '/fr' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    assert.equal(crossSite.status, 403);
    assert.equal(crossSite.json.error?.code, 'CROSS_SITE_REQUEST');
  });

  test('past the limit of an address (counted in memory), 429 with Retry-After', async () => {
    const address = '192.0.2.200';
    for (let i = 0; i < 600; i++) hitHere('pageEventsPerAddress', address);
    const answer = await send({ type: 'view', path: '/fr' }, { address });
    assert.equal(answer.status, 429);
    assert.equal(answer.json.error?.code, 'RATE_LIMITED');
    assert.ok(Number(answer.response.headers.get('retry-after')) >= 1);
    assert.equal((await send({ type: 'view', path: '/fr' }, { address: '192.0.2.201' })).status, 204);
  });
});

async function eventCount() {
  await flushPageEvents();
  const [row] = rowsOf(
    await (await getDb()).execute(sql`select count(*)::int as n from page_events`),
    z.object({ n: z.number() }),
  );
  return row?.n ?? 0;
}

describe('what a campaign led to, for staff (GET /statistics)', () => {
  test('visits, sign-ups and listings of a campaign; CSV export; a member is refused', async () => {
    const campaign = { source: `newsletter-${Date.now()}`, medium: 'email', campaign: 'rentree' };
    const { path } = await ownParcel('campaign-page');
    for (const address of ['198.51.100.31', '198.51.100.32', '198.51.100.31'])
      await send({ type: 'view', path, referrer: 'mail.google.com', campaign }, { address, ua: laptop });
    // A visitor of the campaign signs up: the form sends the tab's campaign, kept on the account.
    const email = uniqueEmail('campaign');
    const created = await call(signUp, { address: '203.0.113.9', body: { ...signUpBody(email), campaign } });
    assert.equal(created.status, 200);
    const db = await getDb();
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    assert.ok(account);
    const [kept] = await db.select().from(memberCampaigns).where(eq(memberCampaigns.userId, account.id));
    assert.deepEqual([kept?.source, kept?.medium, kept?.campaign], [campaign.source, 'email', 'rentree']);
    // ...and publishes a listing.
    await db
      .update(users)
      .set({ emailVerified: true, phoneVerified: true, phone: '+21650000999' })
      .where(eq(users.id, account.id));
    const { createListing } = await import('@/lib/server/listings/listings');
    const { packageInputSchema } = await import('@/lib/schemas/listings');
    await createListing('package', account.id, packageInputSchema.parse(parcelBody()));
    owners.push(account.id);

    const moderator = await staff('stats');
    const answer = await call(statisticsRoute, { cookie: moderator.cookie });
    assert.equal(answer.status, 200);
    const stats = answer.json.data;
    const row = stats.campaigns.find((c: { source: string }) => c.source === campaign.source);
    assert.deepEqual(row, { ...campaign, visitors: 2, views: 3, signUps: 1, listings: 1 });
    const today = listingDay(new Date());
    assert.equal(stats.to, today);
    assert.equal(stats.days.length, 28);
    assert.ok(stats.days.at(-1).views >= 3);
    assert.ok(stats.top.referrer.some((r: { value: string }) => r.value === 'mail.google.com'));
    assert.ok(stats.top.page.some((r: { value: string }) => r.value === path));
    assert.ok(stats.top.device.some((r: { value: string }) => r.value === 'desktop'));

    const csv = await call(statisticsExport, { cookie: moderator.cookie, query: { from: today, to: today } });
    assert.equal(csv.status, 200);
    assert.match(csv.response.headers.get('content-type') ?? '', /^text\/csv/);
    const text = await csv.response.text();
    assert.match(text, /^day,visitors,views\r\n/);
    assert.ok(text.includes(`${campaign.source},email,rentree,2,3,1,1`), text);

    const other = await member('stats-other');
    assert.equal((await call(statisticsRoute, { cookie: other.cookie })).status, 403);
  });

  test('a range is read in order, within its bounds', async () => {
    const moderator = await staff('stats-range');
    const answer = await call(statisticsRoute, {
      cookie: moderator.cookie,
      query: { from: '2026-03-10', to: '2026-03-01' },
    });
    assert.equal(answer.json.data.from, '2026-03-01');
    assert.equal(answer.json.data.days.length, 10);
    const bad: Json = (await call(statisticsRoute, { cookie: moderator.cookie, query: { from: '2026-02-31' } })).json;
    assert.equal(bad.error?.code, 'VALIDATION_FAILED');
  });
});

describe('the daily roll-up', () => {
  test('writes the figures of past days for good, the same as read from their events; events past 30 days and past salts go', async () => {
    const { path } = await ownParcel('rollup');
    const today = listingDay(new Date());
    const old = daysBefore(today, 40);
    const yesterday = daysBefore(today, 1);
    const at = (day: string) => new Date(`${day}T10:00:00Z`);
    const visit = (day: string, address: string, ua = phone): Visit => ({
      address,
      userAgent: ua,
      optedOut: false,
      prefetch: false,
      at: at(day),
    });
    const campaign = { source: `rollup-${Date.now()}` };
    for (const day of [old, yesterday]) {
      await recordPageEvent({ type: 'view', path, campaign }, visit(day, '192.0.2.1'));
      await recordPageEvent({ type: 'view', path, campaign }, visit(day, '192.0.2.1'));
      await recordPageEvent({ type: 'view', path: '/ar/trajets', campaign }, visit(day, '192.0.2.2', laptop));
      await recordPageEvent({ type: 'vitals', path, lcp: 1000, ttfb: 200 }, visit(day, '192.0.2.1'));
      await recordPageEvent({ type: 'vitals', path, lcp: 3000, ttfb: 400 }, visit(day, '192.0.2.3'));
    }
    await flushPageEvents();
    const range = { from: old, to: yesterday };
    const before = await statistics(range, 'fr', today);
    const db = await getDb();
    await db.insert(visitorSalts).values({ day: old, salt: 'x' }).onConflictDoNothing();

    const outcome = await rollUpTraffic(new Date());
    assert.ok(outcome.rolledUp.includes(old) && outcome.rolledUp.includes(yesterday));
    assert.ok(outcome.eventsDeleted >= 5);
    const [day] = await db.select().from(trafficDays).where(eq(trafficDays.day, yesterday));
    assert.ok(day && day.views >= 3 && day.visitors >= 2);
    assert.equal((await db.select().from(events).where(eq(events.day, old))).length, 0, 'older than 30 days: gone');
    assert.equal((await db.select().from(events).where(eq(events.day, yesterday))).length >= 5, true, 'kept 30 days');
    assert.deepEqual(
      await db
        .select()
        .from(visitorSalts)
        .where(sql`${visitorSalts.day} < ${today}::date`),
      [],
    );

    const afterwards = await statistics(range, 'fr', today);
    const mine = (s: typeof before) => s.campaigns.find((c) => c.source === campaign.source);
    assert.deepEqual(mine(afterwards), {
      source: campaign.source,
      medium: null,
      campaign: null,
      visitors: 4,
      views: 6,
      signUps: 0,
      listings: 0,
    });
    assert.deepEqual(mine(afterwards), mine(before));
    assert.deepEqual(
      afterwards.days.filter((d) => d.day === old || d.day === yesterday),
      before.days.filter((d) => d.day === old || d.day === yesterday),
    );
    assert.deepEqual(afterwards.top.page, before.top.page);
    // Web Vitals over the days whose events are kept: yesterday's two pages, p75 of 1000 and 3000.
    const vitals = afterwards.vitals.find((v) => v.template === '/colis/[id]' && v.device === 'mobile');
    assert.ok(vitals && vitals.samples >= 2);
    const [kept] = rowsOf(
      await db.execute(
        sql`select p75, samples from vitals_days where day = ${old}::date and template = '/colis/[id]' and device = 'mobile' and metric = 'lcp'`,
      ),
      z.object({ p75: z.number(), samples: z.number() }),
    );
    assert.deepEqual(kept, { p75: 2500, samples: 2 });
    assert.deepEqual((await rollUpTraffic(new Date())).rolledUp, [], 'once');
  });
});
