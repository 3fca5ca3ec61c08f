// Phone codes through Twilio (issue 33), against the stand-in of tests/e2e/twilio-stand-in.mjs, which
// speaks the Messages API (Basic auth, form body, JSON answers, error codes) and posts status
// callbacks signed as Twilio signs them, into the hook's route handler: a code reaches it by SMS and
// by WhatsApp's template; an undelivered one is said to the phone step and the next goes by SMS; a
// forged callback changes nothing; a refusal of Twilio is final or tried again as its status says.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/twilio.test.ts
import { twilioAccount } from './twilio-keys';
import { call, drainJobs, freshPhone, member } from './helpers';
import '../e2e/twilio-hosts.mjs';
import { startTwilio, twilioSignature as standInSignature } from '../e2e/twilio-stand-in.mjs';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { clientAddressHeaders } from '@/lib/server/http/client-address.mjs';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb, rowsOf } from '@/lib/server/db/client';
import { phoneMessages } from '@/lib/server/db/schema';
import { jobSchema } from '@/lib/server/jobs/queue';
import { siteUrl } from '@/lib/env';
import { hookPaths } from '@/lib/routes';
import { statusCallbackUrl } from '@/lib/server/notify/phone-messages';
import { twilioSignature } from '@/lib/server/notify/twilio';
import { z } from '@/lib/zod';
import { POST as statusHook, GET as statusHookGet } from '@/app/api/hooks/twilio/status/route';
import { POST as confirmPhone, GET as pendingPhone } from '@/app/api/user/v1/users/[userId]/confirm-phone/route';
import { POST as validateCode } from '@/app/api/user/v1/users/[userId]/validate-code/route';

type StandIn = Awaited<ReturnType<typeof startTwilio>>;
type Member = Awaited<ReturnType<typeof member>>;
let standIn: StandIn;

/** A callback as Twilio posts it, into the hook's handler at the URL it was given. */
async function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const request = new Request(url, {
    method: 'POST',
    headers: { ...headers, ...clientAddressHeaders('54.172.60.1') },
    body,
  });
  return (await statusHook(request, { params: Promise.resolve({}) })).status;
}

before(async () => {
  await migrateDb();
  standIn = await startTwilio({
    accountSid: twilioAccount.accountSid,
    authToken: twilioAccount.authToken,
    deliver: post,
  });
  process.env.TWILIO_STAND_IN = standIn.url;
});
after(async () => {
  await standIn.stop();
  await closeDb();
});

const ask = (m: Member, phone: string, channel?: 'sms' | 'whatsapp') =>
  call(confirmPhone, {
    params: { userId: m.userId },
    body: { phone, ...(channel ? { channel } : {}) },
    cookie: m.cookie,
  });
const pending = (m: Member) => call(pendingPhone, { params: { userId: m.userId }, cookie: m.cookie });

/** The code the stand-in carried to a number last: an SMS's text, or WhatsApp's template variable. */
function lastCode(phone: string): number {
  const message = standIn.to(phone).at(-1)!;
  return Number(message.channel === 'whatsapp' ? message.contentVariables['1'] : /\b(\d{6})\b/.exec(message.body)![1]);
}

async function messagesOf(m: Member) {
  const db = await getDb();
  return db.select().from(phoneMessages).where(eq(phoneMessages.userId, m.userId)).orderBy(phoneMessages.createdAt);
}

describe('a code through Twilio', () => {
  test('by SMS: the Messages API with Basic auth, the sender, the text and the callback; delivered, then verified', async () => {
    const m = await member('twilio-sms');
    const phone = freshPhone();
    const sent = await ask(m, phone);
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    assert.equal(sent.json.data.channel, 'sms');
    await standIn.idle();
    const [message] = standIn.to(phone);
    assert.ok(message, 'the stand-in took it');
    const [row] = await messagesOf(m);
    assert.deepEqual(message.form, {
      To: phone,
      From: twilioAccount.from,
      Body: message.body,
      StatusCallback: `${siteUrl}${hookPaths.twilioStatus}?message=${row!.id}`,
    });
    assert.match(message.body, /^Colibri : votre code de vérification est \d{6}\. Il est valable 10 minutes\.$/);
    assert.deepEqual(
      message.callbacks.map((c: { status: string; answer: number }) => `${c.status} ${c.answer}`),
      ['sent 204', 'delivered 204'],
    );
    assert.equal(row!.provider, 'twilio');
    assert.equal(row!.providerId, message.sid);
    assert.equal(row!.status, 'delivered');
    const state = await pending(m);
    assert.equal(state.status, 200);
    assert.deepEqual(
      { ...state.json.data, resendInSeconds: 0, expiresInSeconds: 0 },
      {
        phone,
        channel: 'sms',
        delivery: 'delivered',
        channels: ['whatsapp', 'sms'],
        resendInSeconds: 0,
        expiresInSeconds: 0,
      },
    );
    const ok = await call(validateCode, {
      params: { userId: m.userId },
      body: { confirmationPhoneCode: lastCode(phone) },
      cookie: m.cookie,
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.equal(ok.json.data.verifiedPhone, true);
  });

  test('by WhatsApp: the approved authentication template, the code its one variable; then verified', async () => {
    const m = await member('twilio-whatsapp');
    const phone = freshPhone();
    const sent = await ask(m, phone, 'whatsapp');
    assert.equal(sent.json.data.channel, 'whatsapp');
    await standIn.idle();
    const [message] = standIn.to(phone);
    assert.equal(message.form.To, `whatsapp:${phone}`);
    assert.equal(message.form.From, twilioAccount.whatsappFrom);
    assert.equal(message.form.ContentSid, twilioAccount.template);
    assert.equal(message.form.Body, undefined);
    assert.match(message.contentVariables['1'], /^\d{6}$/);
    assert.equal((await messagesOf(m))[0]!.status, 'delivered');
    const ok = await call(validateCode, {
      params: { userId: m.userId },
      body: { confirmationPhoneCode: lastCode(phone) },
      cookie: m.cookie,
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
  });

  test('undelivered by WhatsApp: the phone step says so, and the next code goes by SMS by itself', async () => {
    const m = await member('twilio-undelivered');
    const phone = freshPhone();
    standIn.outcome(phone, 'whatsapp', 'undelivered');
    await ask(m, phone, 'whatsapp');
    await standIn.idle();
    const [row] = await messagesOf(m);
    assert.equal(row!.status, 'undelivered');
    assert.equal(row!.errorCode, '63016');
    const state = await pending(m);
    assert.equal(state.json.data.delivery, 'undelivered');
    assert.equal(state.json.data.channel, 'whatsapp');
    assert.equal(state.json.data.resendInSeconds, 0, 'no minute to wait after a code that did not arrive');
    const again = await ask(m, phone, 'whatsapp');
    assert.equal(again.status, 200);
    assert.equal(again.json.data.channel, 'sms', 'WhatsApp could not deliver to this number: SMS');
    await standIn.idle();
    assert.deepEqual(
      standIn.to(phone).map((message: { channel: string }) => message.channel),
      ['whatsapp', 'sms'],
    );
    assert.equal((await pending(m)).json.data.delivery, 'delivered');
    const ok = await call(validateCode, {
      params: { userId: m.userId },
      body: { confirmationPhoneCode: lastCode(phone) },
      cookie: m.cookie,
    });
    assert.equal(ok.status, 200);
  });

  test('an undelivered SMS is said too (the other channel is offered)', async () => {
    const m = await member('twilio-sms-undelivered');
    const phone = freshPhone();
    standIn.outcome(phone, 'sms', 'undelivered');
    await ask(m, phone);
    await standIn.idle();
    const state = await pending(m);
    assert.equal(state.json.data.delivery, 'undelivered');
    assert.equal(state.json.data.channel, 'sms');
    assert.deepEqual(state.json.data.channels, ['whatsapp', 'sms']);
    // WhatsApp, at once.
    const other = await ask(m, phone, 'whatsapp');
    assert.equal(other.status, 200, JSON.stringify(other.json));
    assert.equal(other.json.data.channel, 'whatsapp');
    // A delivered code makes the next wait its minute again.
    await standIn.idle();
    assert.equal((await ask(m, phone)).status, 429);
  });
});

describe('callbacks are believed only with Twilio’s signature', () => {
  /** A message on its way (queued, with Twilio's sid), as the job leaves it before any callback. */
  async function queuedMessage() {
    const m = await member('twilio-forged');
    const db = await getDb();
    const id = randomUUID();
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    await db
      .insert(phoneMessages)
      .values({ id, userId: m.userId, phone: freshPhone(), channel: 'sms', provider: 'twilio', providerId: sid });
    const status = async () => (await db.select().from(phoneMessages).where(eq(phoneMessages.id, id)))[0]!.status;
    return { id, sid, status };
  }
  const form = (sid: string, status: string) =>
    new URLSearchParams({
      AccountSid: twilioAccount.accountSid,
      ApiVersion: '2010-04-01',
      MessageSid: sid,
      SmsSid: sid,
      MessageStatus: status,
      SmsStatus: status,
      From: twilioAccount.from,
      To: '+21650000000',
    });
  const deliver = (url: string, params: URLSearchParams, signature?: string) =>
    post(url, params.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
    });

  test('our signature is Twilio’s own (its library computes and accepts the stand-in’s)', async () => {
    const url = statusCallbackUrl(randomUUID());
    const params = form(`SM${'1'.repeat(32)}`, 'delivered');
    const signature = standInSignature(twilioAccount.authToken, url, params);
    assert.equal(twilioSignature(twilioAccount.authToken, url, params), signature);
    assert.equal(
      twilio.getExpectedTwilioSignature(twilioAccount.authToken, url, Object.fromEntries(params)),
      signature,
    );
    assert.equal(twilio.validateRequest(twilioAccount.authToken, signature, url, Object.fromEntries(params)), true);
  });

  test('forged callbacks answer 403 and change nothing; Twilio’s moves the status', async () => {
    const message = await queuedMessage();
    const url = statusCallbackUrl(message.id);
    const failed = form(message.sid, 'failed');
    const forgeries: [string, string | undefined, string?][] = [
      ['no signature', undefined],
      ['a signature of another key', standInSignature('someone-else-s-token-0123456789', url, failed)],
      [
        'the signature of another message’s URL',
        standInSignature(twilioAccount.authToken, statusCallbackUrl(randomUUID()), failed),
      ],
      ['the signature of another status', standInSignature(twilioAccount.authToken, url, form(message.sid, 'sent'))],
      [
        'a signature read over http',
        standInSignature(twilioAccount.authToken, url.replace(/^http:/, 'https:'), failed),
      ],
    ];
    for (const [name, signature] of forgeries) {
      assert.equal(await deliver(url, failed, signature), 403, name);
      assert.equal(await message.status(), 'queued', name);
    }
    const genuine = form(message.sid, 'sent');
    assert.equal(await deliver(url, genuine, standInSignature(twilioAccount.authToken, url, genuine)), 204);
    assert.equal(await message.status(), 'sent');
    // A late `queued` never takes it back; another message's sid does not touch it.
    const late = form(message.sid, 'queued');
    assert.equal(await deliver(url, late, standInSignature(twilioAccount.authToken, url, late)), 204);
    const other = form(`SM${'9'.repeat(32)}`, 'failed');
    assert.equal(await deliver(url, other, standInSignature(twilioAccount.authToken, url, other)), 204);
    assert.equal(await message.status(), 'sent');
  });

  test('the hook takes only POST', async () => {
    const request = new Request(`${siteUrl}${hookPaths.twilioStatus}`, { method: 'GET' });
    const answer = await statusHookGet(request, { params: Promise.resolve({}) });
    assert.equal(answer.status, 404);
  });
});

describe('what Twilio refuses', () => {
  const smsJobs = async (state: string) => {
    const db = await getDb();
    const [row] = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from ${sql.raw(jobSchema)}.job where name = 'sms' and state = ${state}`,
      ),
      z.object({ n: z.number() }),
    );
    return row!.n;
  };

  test('a 429 or a 5xx is tried again, and the code then goes', async () => {
    const m = await member('twilio-busy');
    const phone = freshPhone();
    const retriesBefore = await smsJobs('retry');
    standIn.refuseNext(429, 20429);
    assert.equal((await ask(m, phone)).status, 200, 'the member is answered: the job carries the code');
    assert.equal(await smsJobs('retry'), retriesBefore + 1);
    assert.equal((await messagesOf(m))[0]!.status, 'queued');
    standIn.refuseNext(503, 20500);
    const db = await getDb();
    const due = () =>
      db.execute(sql`update ${sql.raw(jobSchema)}.job set start_after = now() where name = 'sms' and state = 'retry'`);
    await due();
    await drainJobs();
    assert.equal((await messagesOf(m))[0]!.status, 'queued');
    await due();
    await drainJobs();
    await standIn.idle();
    assert.equal(standIn.to(phone).length, 1);
    assert.equal((await messagesOf(m))[0]!.status, 'delivered');
  });

  test('a 400 (not a valid number for Twilio) is final: the message failed, with its code, and the step says so', async () => {
    const m = await member('twilio-refused');
    const phone = freshPhone();
    standIn.refuseNext(400, 21211);
    await ask(m, phone);
    const [row] = await messagesOf(m);
    assert.equal(row!.status, 'failed');
    assert.equal(row!.errorCode, '21211');
    assert.equal(standIn.to(phone).length, 0);
    const db = await getDb();
    const [retried] = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from ${sql.raw(jobSchema)}.job where name = 'sms' and state = 'retry' and data->>'messageId' = ${row!.id}`,
      ),
      z.object({ n: z.number() }),
    );
    assert.equal(retried!.n, 0, 'not tried again');
    assert.equal((await pending(m)).json.data.delivery, 'failed');
    assert.ok(
      (
        await db
          .select()
          .from(phoneMessages)
          .where(and(eq(phoneMessages.userId, m.userId)))
      ).length === 1,
    );
  });
});
