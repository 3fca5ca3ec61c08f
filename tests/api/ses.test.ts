// E-mail that stops where it bounces (issue 33), against the SNS stand-in of tests/e2e/sns-stand-in.mjs:
// its signed notifications (SignatureVersion 1 and 2) with the certificate served from a hosts-mapped
// https://sns.<region>.amazonaws.com address, and its SubscriptionConfirmation. A hard bounce or a
// complaint puts the address on the suppression list: no alert digest, deal e-mail or newsletter
// afterwards, a password reset still; anything forged is refused and changes nothing. And the one-click
// unsubscribe of notification e-mails (RFC 8058), without a session.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/ses.test.ts
import { sesTopic } from './ses-keys';
import { call, deleteListingsOf, drainJobs, linkIn, mailsTo, member, soon, trader } from './helpers';
import '../e2e/sns-hosts.mjs';
import { sesBounce, sesComplaint, signSns, startSns } from '../e2e/sns-stand-in.mjs';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { emailSuppressions } from '@/lib/server/db/schema';
import { siteUrl } from '@/lib/env';
import { hookPaths } from '@/lib/routes';
import { propose } from '@/lib/server/deals/proposals';
import { notificationsOf } from '@/lib/server/notify';
import { memberRecord } from '@/lib/server/moderation/moderation';
import { createListing } from '@/lib/server/listings/listings';
import { packageInputSchema } from '@/lib/schemas/listings';
import { sendNewsletter } from '@/lib/server/public/newsletter';
import { newsletterSubscriptions } from '@/lib/server/db/schema';
import { POST as sesHook } from '@/app/api/hooks/ses/route';
import { POST as createAlert } from '@/app/api/user/v1/alerts/route';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { POST as forgot } from '@/app/api/user/v1/auth/forgot-password/route';
import { POST as unsubscribeNotices } from '@/app/api/user/v1/notifications/unsubscribe/route';

type StandIn = Awaited<ReturnType<typeof startSns>>;
type Member = Awaited<ReturnType<typeof member>>;
let sns: StandIn;
const made: Member[] = [];

before(async () => {
  await migrateDb();
  sns = await startSns();
  process.env.SNS_STAND_IN = sns.url;
});
after(async () => {
  await deleteListingsOf(...made.map((m) => m.userId));
  await sns.stop();
  await closeDb();
});

/** A message as SNS posts it to the subscribed endpoint: JSON as text/plain. */
async function deliver(message: object): Promise<number> {
  const request = new Request(`${siteUrl}${hookPaths.ses}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': String((message as { Type?: string }).Type),
      'user-agent': 'Amazon Simple Notification Service Agent',
    },
    body: JSON.stringify(message),
  });
  return (await sesHook(request, { params: Promise.resolve({}) })).status;
}

const suppressed = async (email: string) => {
  const db = await getDb();
  return (await db.select().from(emailSuppressions).where(eq(emailSuppressions.email, email.toLowerCase())))[0];
};

async function newPackage(owner: Member) {
  const answer = await call(createPackage, {
    cookie: owner.cookie,
    body: {
      name: 'Livres',
      from: { city: 'Sousse' },
      to: { city: 'Lyon' },
      startedAt: soon(4),
      endedAt: soon(8),
      weightKg: 4,
      pricePerKg: 12,
      currency: 'TND',
    },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.data.id as string;
}

describe('SNS’s subscription and signatures', () => {
  test('a SubscriptionConfirmation signed by SNS is confirmed at its SubscribeURL', async () => {
    const message = sns.subscriptionConfirmation(sesTopic, { version: '1' });
    assert.equal(await deliver(message), 204);
    assert.deepEqual(sns.confirmed.at(-1), { topicArn: sesTopic, token: message.Token });
    assert.ok(sns.requests.some((r) => r.host === 'sns.eu-west-3.amazonaws.com' && r.path.endsWith('.pem')));
  });

  test('anything forged is refused (403) and changes nothing', async () => {
    const victim = await member('ses-forged');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const genuine = sns.notification(sesTopic, sesBounce(victim.email));
    const confirmations = sns.confirmed.length;
    const fetches = sns.requests.length;
    const forgeries: [string, object][] = [
      ['another topic', sns.notification(sesTopic.replace('colibri-ses', 'someone-else'), sesBounce(victim.email))],
      ['signed with another key', signSns({ ...genuine, Signature: undefined }, '2', other)],
      ['a message changed after signing', { ...genuine, Message: sesBounce('someone@else.example') }],
      [
        'a certificate on another host',
        { ...genuine, SigningCertURL: 'https://sns.eu-west-3.amazonaws.com.evil.example/x.pem' },
      ],
      ['a certificate over http', { ...genuine, SigningCertURL: genuine.SigningCertURL.replace('https:', 'http:') }],
      [
        'a certificate of another region',
        { ...genuine, SigningCertURL: genuine.SigningCertURL.replace('eu-west-3', 'us-east-1') },
      ],
      ['a confirmation signed with another key', signSns({ ...sns.subscriptionConfirmation(sesTopic) }, '1', other)],
      ['not SNS’s JSON', { hello: 'world' }],
    ];
    for (const [name, message] of forgeries) assert.equal(await deliver(message), 403, name);
    assert.equal(await suppressed(victim.email), undefined);
    assert.equal(sns.confirmed.length, confirmations, 'no subscription confirmed');
    assert.ok(
      sns.requests.slice(fetches).every((r) => r.host === 'sns.eu-west-3.amazonaws.com'),
      'no certificate fetched from anywhere else',
    );
  });
});

describe('a bounced address receives no notification, but what its owner asks for', () => {
  test('a hard bounce (SignatureVersion 2): no deal e-mail, alert digest or newsletter afterwards; a reset still; staff and the member are told', async () => {
    const owner = await trader('ses-bounced');
    const carrier = await trader('ses-carrier');
    // Beside it, a member whose address works: the same e-mails reach them.
    const control = await member('ses-control');
    made.push(owner, carrier, control);
    const db = await getDb();
    // Subscribers of the newsletter, and alerts on Sousse → Lyon, before the bounce.
    for (const m of [owner, control]) {
      await db.insert(newsletterSubscriptions).values({ email: m.email, locale: 'fr', confirmedAt: new Date() });
      const alert = await call(createAlert, {
        cookie: m.cookie,
        body: { kind: 'package', filters: { from: 'Sousse', to: 'Lyon' } },
      });
      assert.equal(alert.status, 200, JSON.stringify(alert.json));
    }
    const before = mailsTo(owner.email).length;
    const controlBefore = mailsTo(control.email).length;

    assert.equal(
      await deliver(sns.notification(sesTopic, sesBounce(owner.email.toUpperCase()), { version: '2' })),
      204,
    );
    const row = await suppressed(owner.email);
    assert.equal(row?.reason, 'bounce');
    assert.equal(row?.detail, 'Permanent/General');

    // A proposal on the member's parcel (deal e-mail), a matching parcel (alert digest), a newsletter issue.
    const listingId = await newPackage(owner);
    await propose(carrier.userId, { listingKind: 'package', listingId, amount: 40 });
    await createListing(
      'package',
      carrier.userId,
      packageInputSchema.parse({
        name: 'Dattes',
        from: { city: 'Sousse' },
        to: { city: 'Lyon' },
        startedAt: soon(5),
        endedAt: soon(9),
        weightKg: 2,
        pricePerKg: 10,
        currency: 'TND',
      }),
    );
    await sendNewsletter({
      fr: { subject: 'Nouveautés', text: 'Bonjour.' },
      en: { subject: 'News', text: 'Hello.' },
      tn: { subject: 'الجديد', text: 'عسلامة.' },
      ar: { subject: 'المستجدات', text: 'مرحبًا.' },
    });
    await drainJobs();
    assert.deepEqual(
      mailsTo(owner.email)
        .slice(before)
        .map((m) => m.subject),
      [],
      'nothing sent after the bounce',
    );
    assert.deepEqual(
      mailsTo(control.email)
        .slice(controlBefore)
        .map((m) => m.subject)
        .sort(),
      ['Nouveautés', 'Une nouvelle annonce pour votre alerte Sousse → Lyon'],
      'the alert digest and the newsletter reach a working address',
    );

    // What the member asks for still goes.
    assert.equal((await call(forgot, { body: { email: owner.email }, address: '198.18.33.200' })).status, 200);
    const reset = mailsTo(owner.email).at(-1)!;
    assert.match(linkIn(reset.text).pathname, /\/reinitialiser-mot-de-passe\//);

    // Staff see it on the member's record.
    const record = await memberRecord(owner.userId);
    assert.equal(record.member.mailSuppressed?.reason, 'bounce');
  });

  test('a complaint (SignatureVersion 1) suppresses the address; a transient bounce does not', async () => {
    const complainer = await member('ses-complaint');
    const full = await member('ses-mailbox-full');
    assert.equal(await deliver(sns.notification(sesTopic, sesComplaint(complainer.email), { version: '1' })), 204);
    assert.equal((await suppressed(complainer.email))?.reason, 'complaint');
    assert.equal(await deliver(sns.notification(sesTopic, sesBounce(full.email, 'Transient'), { version: '1' })), 204);
    assert.equal(await suppressed(full.email), undefined);
    // The same notification again (SNS may deliver twice) changes nothing more.
    assert.equal(await deliver(sns.notification(sesTopic, sesComplaint(complainer.email))), 204);
  });
});

describe('one-click unsubscribe of notification e-mails (RFC 8058)', () => {
  test('a deal e-mail carries List-Unsubscribe; one click, no session, turns that kind off; a changed token does nothing', async () => {
    const owner = await trader('unsub-owner');
    const carrier = await trader('unsub-carrier');
    made.push(owner, carrier);
    const listingId = await newPackage(owner);
    await propose(carrier.userId, { listingKind: 'package', listingId, amount: 30 });
    await drainJobs();
    const mail = mailsTo(owner.email).at(-1)!;
    assert.match(mail.subject, /vous propose 30/);
    const oneClick = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    assert.ok(oneClick.startsWith(`${siteUrl}/api/user/v1/notifications/unsubscribe?token=`));
    assert.equal(mail.headers!['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    const page = linkIn(mail.text.slice(mail.text.lastIndexOf('-- ')));
    assert.equal(page.pathname, '/fr/desabonnement');
    const token = new URL(oneClick).searchParams.get('token')!;
    assert.equal(page.searchParams.get('token'), token);

    const changed = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await call(unsubscribeNotices, { query: { token: changed } });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.error!.code, 'UNSUBSCRIBE_LINK_INVALID');
    const otherKind = token.replace('.proposals.', '.messages.');
    assert.equal((await call(unsubscribeNotices, { query: { token: otherKind } })).status, 400, 'the kind is signed');
    assert.equal((await notificationsOf(owner.userId)).email.proposals, true);

    // A mail client's one-click post: the token in the query, `List-Unsubscribe=One-Click` as a form body.
    const done = await call(unsubscribeNotices, {
      query: { token },
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(done.status, 200, JSON.stringify(done.json));
    const settings = await notificationsOf(owner.userId);
    assert.equal(settings.email.proposals, false);
    assert.equal(settings.email.messages, true, 'only that kind');
    const sent = mailsTo(owner.email).length;
    await propose((await trader('unsub-second')).userId, { listingKind: 'package', listingId, amount: 35 });
    await drainJobs();
    assert.equal(mailsTo(owner.email).length, sent, 'no more proposal e-mails');
  });
});
