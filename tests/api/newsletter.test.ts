// The newsletter: double opt-in (a confirmation link, nothing sent before it is followed), one row per
// address, an unsubscribe link and List-Unsubscribe header fields in every newsletter e-mail, one-click
// unsubscribe (RFC 8058), plain form posts answered with pages, and the limits.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/newsletter.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, like } from 'drizzle-orm';
import { call, drainJobs, linkIn, member, outboxTo, uniqueEmail } from './helpers';
import { rowCounts } from './table-counts';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { newsletterSubscriptions, rateLimits } from '@/lib/server/db/schema';
import { sendNewsletter } from '@/lib/server/public/newsletter';
import { POST as subscribe } from '@/app/api/user/v1/newsletter/route';
import { POST as confirm } from '@/app/api/user/v1/newsletter/confirm/route';
import { GET as unsubscribeLink, POST as unsubscribe } from '@/app/api/user/v1/newsletter/unsubscribe/route';

let requests = 0;
const address = () => `2001:db8:4e:${(++requests).toString(16)}::${(process.pid % 0xffff).toString(16)}`;

async function row(email: string) {
  const db = await getDb();
  const [found] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  return found;
}

/** The token of the last confirmation link e-mailed to an address. */
function confirmToken(email: string): string {
  const link = linkIn(outboxTo(email).at(-1)!.text);
  assert.match(link.pathname, /^\/(fr|en|tn|ar)\/newsletter\/confirmer$/);
  return link.searchParams.get('token')!;
}

/** Forgets the "one e-mail per address every 10 minutes" counters of an address: time passing. */
async function tenMinutesLater(email: string) {
  const db = await getDb();
  await db.delete(rateLimits).where(like(rateLimits.key, `colibri:newsletterEmailsPerInbox%:${email}`));
}

/** A plain form post, as the footer's form sends it from this site (then the jobs it enqueued run). */
async function formPost(
  handler: typeof subscribe,
  path: string,
  fields: Record<string, string>,
  origin = 'http://localhost:3000',
) {
  const response = await handler(
    new Request(`${origin}/api/user/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(fields),
    }),
    { params: Promise.resolve(undefined) },
  );
  await drainJobs();
  return response;
}

before(async () => {
  await migrateDb();
  await member('newsletter'); // the server's secrets exist before anything is counted
});
after(async () => {
  await closeDb();
});

describe('double opt-in', () => {
  test('subscribing sends a confirmation link and subscribes no one yet; following it confirms', async () => {
    const email = uniqueEmail('news');
    const answer = await call(subscribe, { body: { email: email.toUpperCase(), locale: 'ar-TN' }, address: address() });
    assert.equal(answer.status, 200);
    assert.equal(answer.json.data, null);
    const pending = await row(email);
    assert.equal(pending!.confirmedAt, null);
    assert.equal(pending!.locale, 'ar-TN');
    const mail = outboxTo(email).at(-1)!;
    assert.equal(mail.subject, 'أكّد التسجيل متاعك في النيوزلاتر متاع كوليبري');
    const token = confirmToken(email);
    assert.ok(!pending!.confirmTokenHash!.includes(token), 'the token itself is not stored');

    // Until it is confirmed, an issue of the newsletter does not reach it.
    await sendNewsletter(issue);
    await drainJobs();
    assert.equal(outboxTo(email).length, 1);

    const confirmed = await call(confirm, { body: { token } });
    assert.equal(confirmed.status, 200);
    assert.ok((await row(email))!.confirmedAt);
    // A welcome, the first newsletter e-mail: with its way out.
    const welcome = outboxTo(email).at(-1)!;
    assert.equal(welcome.subject, 'مرحبا بيك في النيوزلاتر متاع كوليبري');
    assert.match(welcome.text, /\/tn\/newsletter\/desinscription\?token=/);
    assert.equal(welcome.headers!['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    // Following the link again is fine, and welcomes no one twice.
    assert.equal((await call(confirm, { body: { token } })).status, 200);
    assert.equal(outboxTo(email).length, 2);
  });

  test('a wrong or missing token is refused, and changes nothing', async () => {
    const before = await rowCounts();
    const wrong = await call(confirm, { body: { token: 'a'.repeat(43) } });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error!.code, 'NEWSLETTER_LINK_INVALID');
    const missing = await call(confirm, { body: {} });
    assert.equal(missing.status, 400);
    assert.equal(missing.json.error!.fields!.token, 'Ce champ est obligatoire.');
    assert.deepEqual(await rowCounts(), before);
  });

  test('a bad address is refused beside its field', async () => {
    const before = await rowCounts();
    const bad = await call(subscribe, { body: { email: 'nope' }, address: address() });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error!.fields!.email, 'Adresse e-mail invalide.');
    assert.deepEqual(await rowCounts(), before);
  });
});

describe('no duplicates, and nothing told to a stranger', () => {
  test('the same address again within 10 minutes: the same answer (it reads as no error), one e-mail only', async () => {
    const email = uniqueEmail('twice');
    assert.equal((await call(subscribe, { body: { email }, address: address() })).status, 200);
    const before = await rowCounts();
    const again = await call(subscribe, { body: { email: email.toUpperCase() }, address: address() });
    assert.equal(again.status, 200);
    assert.equal(again.json.data, null);
    assert.deepEqual(await rowCounts(), before);
    assert.equal(outboxTo(email).length, 1);
  });

  test('a confirmed address typed again at once: the same answer, and no e-mail (issue 33)', async () => {
    const email = uniqueEmail('confirmed-again');
    await call(subscribe, { body: { email }, address: address() });
    await call(confirm, { body: { token: confirmToken(email) } });
    const sent = outboxTo(email).length;
    const again = await call(subscribe, { body: { email }, address: address() });
    assert.equal(again.status, 200);
    assert.equal(again.json.data, null);
    assert.equal(outboxTo(email).length, sent);
    // The plain form post lands on the page that says "c'est noté", not on an error.
    const viaForm = await call(subscribe, {
      rawBody: new URLSearchParams({ email, locale: 'fr' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      address: address(),
    });
    assert.equal(viaForm.status, 303);
    assert.equal(viaForm.response.headers.get('location'), '/fr/newsletter?status=sent');
  });

  test('a pending address later gets a new link (the old one stops working); still one row', async () => {
    const email = uniqueEmail('pending');
    await call(subscribe, { body: { email }, address: address() });
    const first = confirmToken(email);
    await tenMinutesLater(email);
    assert.equal((await call(subscribe, { body: { email }, address: address() })).status, 200);
    const second = confirmToken(email);
    assert.notEqual(first, second);
    assert.equal((await call(confirm, { body: { token: first } })).json.error!.code, 'NEWSLETTER_LINK_INVALID');
    assert.equal((await call(confirm, { body: { token: second } })).status, 200);
  });

  test('a confirmed address answers as a new one; its owner is told by e-mail, with the way out', async () => {
    const email = uniqueEmail('already');
    await call(subscribe, { body: { email }, address: address() });
    await call(confirm, { body: { token: confirmToken(email) } });
    const confirmedAt = (await row(email))!.confirmedAt;
    await tenMinutesLater(email);
    const again = await call(subscribe, { body: { email, locale: 'en' }, address: address() });
    assert.equal(again.status, 200);
    assert.equal(again.json.data, null);
    const mail = outboxTo(email).at(-1)!;
    assert.equal(mail.subject, 'You are already subscribed to the Colibri newsletter');
    assert.match(mail.text, /\/en\/newsletter\/desinscription\?token=/);
    assert.ok(mail.headers?.['List-Unsubscribe']);
    assert.deepEqual((await row(email))!.confirmedAt, confirmedAt);
  });
});

const issue = {
  fr: { subject: 'Les nouveautés de novembre', text: 'Bonjour, voici les nouveautés.' },
  en: { subject: 'What is new in November', text: 'Hello, here is what is new.' },
  tn: { subject: 'الجديد متاع نوفمبر', text: 'عسلامة، هاو الجديد.' },
  ar: { subject: 'مستجدات نوفمبر', text: 'مرحبًا، إليك المستجدات.' },
};

describe('every newsletter e-mail lets its reader leave', () => {
  test('an unsubscribe link, List-Unsubscribe and one-click List-Unsubscribe-Post; one click deletes the address', async () => {
    const email = uniqueEmail('reader');
    await call(subscribe, { body: { email, locale: 'en' }, address: address() });
    await call(confirm, { body: { token: confirmToken(email) } });
    const sent = await sendNewsletter(issue);
    assert.ok(sent >= 1);
    await drainJobs();
    const mail = outboxTo(email).at(-1)!;
    assert.equal(mail.subject, issue.en.subject);
    assert.ok(mail.text.startsWith(issue.en.text));
    const pageLink = linkIn(mail.text.slice(issue.en.text.length));
    assert.equal(pageLink.pathname, '/en/newsletter/desinscription');
    const oneClick = new URL(/^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!);
    assert.equal(oneClick.pathname, '/api/user/v1/newsletter/unsubscribe');
    assert.equal(oneClick.searchParams.get('token'), pageLink.searchParams.get('token'));
    assert.equal(mail.headers!['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');

    // Opened in a browser, the address leads to the page, which asks for a click: nothing changes.
    const opened = await call(unsubscribeLink, { query: { token: oneClick.searchParams.get('token')! } });
    assert.equal(opened.status, 303);
    assert.equal(
      opened.response.headers.get('location'),
      `/en/newsletter/desinscription?token=${oneClick.searchParams.get('token')}`,
    );
    assert.ok(await row(email));

    // A mail client's one click: a form post to that address, from no site at all.
    const clicked = await unsubscribe(
      new Request(oneClick, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      { params: Promise.resolve(undefined) },
    );
    assert.equal(clicked.status, 303);
    assert.equal(await row(email), undefined);
  });

  test('the unsubscribe page’s button (JSON here) deletes the address; the link then stops working', async () => {
    const email = uniqueEmail('leaver');
    await call(subscribe, { body: { email }, address: address() });
    await call(confirm, { body: { token: confirmToken(email) } });
    const token = (await row(email))!.unsubscribeToken;
    const answer = await call(unsubscribe, { body: { token } });
    assert.equal(answer.status, 200);
    assert.equal(await row(email), undefined);
    const again = await call(unsubscribe, { body: { token } });
    assert.equal(again.status, 400);
    assert.equal(again.json.error!.code, 'NEWSLETTER_LINK_INVALID');
    const none = await call(unsubscribe, { body: {} });
    assert.equal(none.json.error!.fields!.token, 'Le lien est incomplet.');
  });
});

describe('plain form posts (no JavaScript) are answered with pages', () => {
  test('subscribe, confirm and unsubscribe go to the newsletter page with their outcome', async () => {
    const email = uniqueEmail('form');
    const subscribed = await formPost(subscribe, 'newsletter', { email, locale: 'ar' });
    assert.equal(subscribed.status, 303);
    assert.equal(subscribed.headers.get('location'), '/ar/newsletter?status=sent');
    const confirmed = await formPost(confirm, 'newsletter/confirm', { token: confirmToken(email) });
    assert.equal(confirmed.headers.get('location'), '/ar/newsletter?status=confirmed');
    const left = await formPost(unsubscribe, 'newsletter/unsubscribe', { token: (await row(email))!.unsubscribeToken });
    assert.equal(left.headers.get('location'), '/ar/newsletter?status=unsubscribed');
  });

  test('at another address than SITE_URL, the redirect stays relative (form-action self allows it)', async () => {
    const email = uniqueEmail('elsewhere');
    const other = 'http://192.168.1.20:8080';
    const subscribed = await formPost(subscribe, 'newsletter', { email, locale: 'fr' }, other);
    assert.equal(subscribed.status, 303);
    assert.equal(subscribed.headers.get('location'), '/fr/newsletter?status=sent');
    const refused = await formPost(confirm, 'newsletter/confirm', { token: 'stale' }, other);
    assert.equal(refused.headers.get('location'), '/fr/newsletter?error=NEWSLETTER_LINK_INVALID');
  });

  test('a refusal goes back to the page with its code and the field’s reason, and writes nothing', async () => {
    const before = await rowCounts();
    const bad = await formPost(subscribe, 'newsletter', { email: 'nope', locale: 'en' });
    assert.equal(bad.status, 303);
    assert.equal(bad.headers.get('location'), '/en/newsletter?error=VALIDATION_FAILED&reason=emailInvalid');
    const stale = await formPost(confirm, 'newsletter/confirm', { token: 'stale' });
    assert.equal(stale.headers.get('location'), '/fr/newsletter?error=NEWSLETTER_LINK_INVALID');
    assert.deepEqual(await rowCounts(), before);
  });
});

describe('limits', () => {
  test('a client address subscribes 10 addresses an hour; the 11th is refused with Retry-After', async () => {
    const from = address();
    for (let i = 0; i < 10; i++)
      assert.equal((await call(subscribe, { body: { email: uniqueEmail('many') }, address: from })).status, 200);
    const before = await rowCounts();
    const limited = await call(subscribe, { body: { email: uniqueEmail('many') }, address: from });
    assert.equal(limited.status, 429);
    assert.equal(limited.json.error!.code, 'RATE_LIMITED');
    assert.ok(Number(limited.response.headers.get('retry-after')) > 0);
    assert.deepEqual(await rowCounts(), before);
  });
});
