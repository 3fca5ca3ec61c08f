// Phone codes that reach their owner and no one else's bill (issues 32 and 33): the number's daily cap
// counts only codes actually sent, after the member's once-a-minute wait, and never refuses a member's
// first code to a number, so a stranger's requests cannot lock its owner out; codes go only to mobile
// numbers of the countries listings go to; a number's range and the whole site have daily caps; a
// refusal writes nothing. The test "5 quick code requests..." failed on the code before (issue 33's note).
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/phone-codes.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { call, drainJobs, freshPhone, lastOutbox, member, outboxTo } from './helpers';
import { rowCounts } from './table-counts';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb, rowsOf } from '@/lib/server/db/client';
import { phoneCodes, rateLimits, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/errors';
import { confirmPhone as requestCode } from '@/lib/server/members/phone';
import { limits } from '@/lib/server/limits';
import { enqueue, jobSchema } from '@/lib/server/jobs/queue';
import { noticeMail } from '@/lib/server/notify/unsubscribe';
import { isSealed } from '@/lib/server/jobs/seal';
import { z } from '@/lib/zod';
import { POST as confirmPhone } from '@/app/api/user/v1/users/[userId]/confirm-phone/route';
import { POST as validateCode } from '@/app/api/user/v1/users/[userId]/validate-code/route';

before(async () => {
  await migrateDb();
});
after(async () => {
  await closeDb();
});

type Member = Awaited<ReturnType<typeof member>>;

const ask = (m: Member, phone: string, extra: Record<string, unknown> = {}) =>
  call(confirmPhone, { params: { userId: m.userId }, body: { phone, ...extra }, cookie: m.cookie });

/** A minute passes for this member's code (its once-a-minute wait is over). */
async function aMinuteLater(m: Member) {
  const db = await getDb();
  await db
    .update(phoneCodes)
    .set({ sentAt: sql`${phoneCodes.sentAt} - interval '61 seconds'` })
    .where(eq(phoneCodes.userId, m.userId));
}

async function verifies(m: Member, phone: string) {
  const code = Number(/\b(\d{6})\b/.exec(lastOutbox(phone)!.text)![1]);
  const ok = await call(validateCode, {
    params: { userId: m.userId },
    body: { confirmationPhoneCode: code },
    cookie: m.cookie,
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal(ok.json.data.verifiedPhone, true);
}

describe('a stranger cannot lock a number’s owner out (issue 32)', () => {
  test('5 quick code requests by a stranger do not stop the number’s owner from getting a code', async () => {
    const stranger = await member('stranger');
    const owner = await member('owner');
    const phone = freshPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask(stranger, phone)).status);
    // One code; the other four wait for the stranger's minute and count nowhere.
    assert.deepEqual(statuses, [200, 429, 429, 429, 429]);
    assert.equal(outboxTo(phone).length, 1);
    const mine = await ask(owner, phone);
    assert.equal(mine.status, 200, JSON.stringify(mine.json));
    assert.equal(outboxTo(phone).length, 2);
    await verifies(owner, phone);
  });

  test('a slow stranger who gets every code the number may have still leaves its owner one', async () => {
    const stranger = await member('slow-stranger');
    const owner = await member('slow-owner');
    const phone = freshPhone();
    for (let i = 0; i < limits.phoneCodesPerNumberPerDay.max; i++) {
      assert.equal((await ask(stranger, phone)).status, 200);
      await aMinuteLater(stranger);
    }
    // The stranger's next one is over the number's cap, and the stranger's own.
    const more = await ask(stranger, phone);
    assert.equal(more.status, 429);
    assert.equal(outboxTo(phone).length, limits.phoneCodesPerNumberPerDay.max);
    const mine = await ask(owner, phone);
    assert.equal(mine.status, 200, JSON.stringify(mine.json));
    await verifies(owner, phone);
  });

  test('a second code of a member to a number over its cap is refused with its own code, and counts nowhere', async () => {
    const others: Member[] = [];
    for (let i = 0; i < limits.phoneCodesPerNumberPerDay.max; i++) others.push(await member(`taker-${i}`));
    const m = await member('second');
    const phone = freshPhone();
    for (const other of others) assert.equal((await ask(other, phone)).status, 200);
    assert.equal((await ask(m, phone)).status, 200, 'a first code always goes');
    await aMinuteLater(m);
    const again = await ask(m, phone);
    assert.equal(again.status, 429);
    assert.equal(again.json.error!.code, 'PHONE_NUMBER_LIMIT');
    assert.ok(Number(again.response.headers.get('retry-after')) > 3600);
    assert.equal(outboxTo(phone).length, 6);
  });
});

describe('codes only to mobiles of the countries listings go to (issue 33)', () => {
  const refused: [string, string, string][] = [
    ['a French premium-rate number', '+33 8 99 12 34 56', 'PHONE_NOT_MOBILE'],
    ['a Tunisian premium-rate number', '+216 88 123 456', 'PHONE_NOT_MOBILE'],
    ['a Tunisian landline', '+216 71 123 456', 'PHONE_NOT_MOBILE'],
    ['a Swiss premium-rate number', '+41 900 123 456', 'PHONE_NOT_MOBILE'],
    ['a mobile of Sierra Leone', '+232 76 123 456', 'PHONE_COUNTRY_NOT_SERVED'],
    ['a mobile of Latvia', '+371 20 123 456', 'PHONE_COUNTRY_NOT_SERVED'],
    ['a mobile of Guernsey (+44 7911)', '+44 7911 123456', 'PHONE_COUNTRY_NOT_SERVED'],
    ['a mobile of Anguilla (+1 264)', '+1 264 235 1234', 'PHONE_COUNTRY_NOT_SERVED'],
    ['an international number of no country', '+882 351 234 567', 'INVALID_PHONE'],
  ];
  // One member for every refusal: a refused number counts against nothing, not even the member.
  let refuser: Member | undefined;
  for (const [name, phone, code] of refused)
    test(`${name}: ${code}, beside the field, and nothing written or sent`, async () => {
      const m = (refuser ??= await member('refused'));
      const before = await rowCounts();
      const res = await ask(m, phone);
      assert.equal(res.status, 400, JSON.stringify(res.json));
      assert.equal(res.json.error!.code, code);
      assert.ok(res.json.error!.fields!.phone);
      assert.deepEqual(await rowCounts(), before);
      assert.equal(outboxTo(phone.replace(/\s/g, '')).length, 0);
    });

  for (const [country, phone] of [
    ['the United Kingdom', '+447400654321'],
    ['Egypt', '+201001234567'],
    ['Canada', '+14165550123'],
  ] as const)
    test(`a mobile of ${country}, where listings go, gets its code`, async () => {
      const m = await member('abroad');
      const sent = await ask(m, phone);
      assert.equal(sent.status, 200, JSON.stringify(sent.json));
      assert.deepEqual(sent.json.data, { phone, channel: 'sms', resendAfterSeconds: 60, expiresInSeconds: 600 });
      await verifies(m, phone);
    });
});

/** Numbers of one range of Tunisian mobiles (the number without its last 4 digits) that no other test uses. */
function rangeOf(size: number): string[] {
  const base = `+2162${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return Array.from({ length: size }, (_, i) => `${base}${String(i).padStart(4, '0')}`);
}

describe('caps on what is sent, shared by every instance', () => {
  test('a range of numbers gets 20 codes a day, whoever asks; the 21st is refused and counts nowhere', async () => {
    const max = limits.phoneCodesPerRangePerDay.max;
    const numbers = rangeOf(max + 2);
    const members: Member[] = [];
    for (let i = 0; i < Math.ceil((max + 2) / 4); i++) members.push(await member(`range-${i}`));
    const codes: string[] = [];
    for (const [i, phone] of numbers.entries()) {
      const m = members[Math.floor(i / 4)]!;
      const res = await ask(m, phone);
      codes.push(res.status === 200 ? 'sent' : res.json.error!.code);
      await aMinuteLater(m);
    }
    assert.deepEqual(codes, [...Array(max).fill('sent'), 'PHONE_NUMBER_LIMIT', 'PHONE_NUMBER_LIMIT']);
    assert.equal(numbers.filter((phone) => outboxTo(phone).length).length, max);
  });

  test('SMS_DAILY_LIMIT codes a day in all: then 503 SMS_UNAVAILABLE with Retry-After, nothing sent', async () => {
    const db = await getDb();
    const key = 'colibri:phoneCodesPerDay:all';
    const [kept] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    const set = (count: number, lastRequest: number) =>
      db
        .insert(rateLimits)
        .values({ id: randomUUID(), key, count, lastRequest })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count, lastRequest } });
    await set(limits.phoneCodesPerDay.max - 1, Date.now());
    try {
      const [a, b] = [await member('last-one'), await member('one-too-many')];
      assert.equal((await ask(a, freshPhone())).status, 200);
      const phone = freshPhone();
      const over = await ask(b, phone);
      assert.equal(over.status, 503);
      assert.equal(over.json.error!.code, 'SMS_UNAVAILABLE');
      assert.ok(Number(over.response.headers.get('retry-after')) > 3600);
      assert.equal(outboxTo(phone).length, 0);
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      assert.equal(row!.count, limits.phoneCodesPerDay.max, 'the refused one is not counted');
    } finally {
      // The rest of the run counts as it did: the test's own code added.
      if (kept) await set(kept.count + 1, kept.lastRequest);
      else await db.delete(rateLimits).where(eq(rateLimits.key, key));
    }
  });
});

describe('no code or link in clear in the job tables (issue 33)', () => {
  test('pgboss.job and pgboss.archive hold SMS texts, codes and e-mail texts sealed', async () => {
    const m = await member('sealed');
    const phone = freshPhone();
    assert.equal((await ask(m, phone)).status, 200);
    const code = /\b(\d{6})\b/.exec(lastOutbox(phone)!.text)![1]!;
    const db = await getDb();
    // A notification e-mail: its List-Unsubscribe header holds a link that turns that mail off.
    await enqueue(
      db,
      'mail',
      await noticeMail(db, { id: m.userId, email: m.email }, 'messages', 'fr', { subject: 'Sealed', text: 'Sealed' }),
    );
    const rows = rowsOf(
      await db.execute(
        sql`select name, data from ${sql.raw(jobSchema)}.job where name in ('sms', 'mail') union all select name, data from ${sql.raw(jobSchema)}.archive where name in ('sms', 'mail')`,
      ),
      z.object({ name: z.string(), data: z.record(z.string(), z.unknown()) }),
    );
    const texts = rows.map((row) => JSON.stringify(row.data));
    assert.ok(rows.some((row) => row.name === 'sms'));
    assert.ok(rows.some((row) => row.name === 'mail' && row.data.headers));
    assert.ok(!texts.some((text) => text.includes(code)), 'the code is nowhere in clear');
    assert.ok(
      !texts.some((text) => /confirmation-email|reinitialiser-mot-de-passe|token=/.test(text)),
      'no link in clear',
    );
    for (const row of rows) {
      assert.ok(isSealed(row.data.text), `${row.name}: its text is sealed`);
      if (row.name === 'sms') assert.ok(isSealed(row.data.code));
      const headers = z.record(z.string(), z.string()).optional().parse(row.data.headers);
      for (const value of Object.values(headers ?? {}))
        assert.ok(isSealed(value), `${row.name}: its headers are sealed`);
    }
  });
});

describe('an attack on the bill (issue 33)', () => {
  /**
   * 50 confirmed accounts made at once (the attacker's cost of accounts is the sign-up's, tested
   * elsewhere): their requests go to the service the endpoint calls, since what stops them are the
   * member's, number's, range's and site's counts; no code rule counts per client address.
   */
  async function accounts(count: number): Promise<string[]> {
    const db = await getDb();
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      name: `Attaquant ${i}`,
      email: `attacker-${i}-${randomUUID().slice(0, 8)}@test.colibri.tn`,
      emailVerified: true,
      firstname: 'Attaquant',
      lastname: String(i),
      termsAcceptedAt: new Date(),
    }));
    await db.insert(users).values(rows);
    return rows.map((row) => row.id);
  }

  test('200 code requests for premium-rate, foreign and pumped numbers from 50 accounts: nothing outside the countries, stopped at the caps', async (t) => {
    // Premium-rate numbers of the served countries, mobiles of countries no listing goes to (SMS
    // pumping's favourites among them), and a range of Tunisian mobiles one after another.
    const premium = [
      '+33899123456',
      '+33897123456',
      '+39899123456',
      '+34806123456',
      '+34807123456',
      '+41900123456',
      '+212890123456',
      '+21688123456',
    ];
    const foreign = [
      '+23276123456',
      '+37120123456',
      '+5351234567',
      '+252612345678',
      '+994501234567',
      '+996555123456',
      '+998901234567',
      '+6281234567890',
      '+12642351234',
      '+18762345678',
      '+447911123456',
    ];
    const vary = (list: string[], i: number) => {
      const base = list[i % list.length]!;
      return `${base.slice(0, -2)}${String(i).padStart(2, '0')}`;
    };
    const pumped = rangeOf(100);
    const outcome: Record<string, Record<string, number>> = { premium: {}, foreign: {}, pumped: {} };
    const db = await getDb();
    const made = await accounts(50);
    // They have no sign-in of their own (the seed test counts that every member has one): they go after.
    t.after(() => db.delete(users).where(inArray(users.id, made)));
    for (const [a, userId] of made.entries()) {
      const targets = [
        ['premium', vary(premium, a)],
        ['foreign', vary(foreign, a)],
        ['pumped', pumped[2 * a]!],
        ['pumped', pumped[2 * a + 1]!],
      ] as const;
      for (const [kind, phone] of targets) {
        let key = 'sent';
        try {
          await requestCode(userId, phone);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          key = `${error.status} ${error.code}`;
        }
        outcome[kind]![key] = (outcome[kind]![key] ?? 0) + 1;
        await db
          .update(phoneCodes)
          .set({ sentAt: sql`${phoneCodes.sentAt} - interval '61 seconds'` })
          .where(eq(phoneCodes.userId, userId));
      }
    }
    await drainJobs();
    t.diagnostic(`200 requests from 50 accounts: ${JSON.stringify(outcome)}`);
    assert.deepEqual(outcome.premium, { '400 PHONE_NOT_MOBILE': 50 });
    assert.deepEqual(outcome.foreign, { '400 PHONE_COUNTRY_NOT_SERVED': 50 });
    const cap = limits.phoneCodesPerRangePerDay.max;
    assert.deepEqual(outcome.pumped, { sent: cap, '429 PHONE_NUMBER_LIMIT': 100 - cap });
    // Only the range's first numbers received a message; no premium or foreign number did.
    const numbers = [...pumped, ...premium, ...foreign].flatMap((phone) =>
      phone.startsWith('+2162')
        ? [phone]
        : Array.from({ length: 50 }, (_, i) => `${phone.slice(0, -2)}${String(i).padStart(2, '0')}`),
    );
    assert.deepEqual(
      numbers.filter((phone) => outboxTo(phone).length),
      pumped.slice(0, cap),
    );
  });
});
