// Phone codes that reach their owner and no one else's bill (issues 32 and 33): the number's daily cap
// counts only codes actually sent, after the member's once-a-minute wait, and never refuses a member's
// first code to a number, so a stranger's requests cannot lock its owner out; codes go only to mobile
// numbers of the countries listings go to; a number's range and the whole site have daily caps; a
// refusal writes nothing. The test "5 quick code requests..." failed on the code before (issue 33's note).
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/phone-codes.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { call, freshPhone, lastOutbox, member, outboxTo } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { phoneCodes } from '@/lib/server/db/schema';
import { limits } from '@/lib/server/limits';
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
