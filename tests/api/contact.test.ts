// The contact form's API: every bad field refused with its translated message, the captcha checked
// on the server (missing, forged, tampered, replayed), a good message kept and e-mailed twice, and the
// limits. A refused request writes nothing.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/contact.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { call, member, outboxTo, solvedCaptcha, uniqueEmail } from './helpers';
import { rowCounts } from './table-counts';
import { captchaChallengeSchema } from '@/lib/schemas/contact';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { contactMessages } from '@/lib/server/db/schema';
import { env } from '@/lib/env';
import { POST as contact } from '@/app/api/user/v1/contact/route';
import { GET as captcha } from '@/app/api/user/v1/contact/captcha/route';

let requests = 0;
/** A client address per request, so that the limit per address decides only where a test wants it. */
const address = () => `2001:db8:c0:${(++requests).toString(16)}::${(process.pid % 0xffff).toString(16)}`;

const valid = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Amel Ben Salah',
  email: uniqueEmail('contact'),
  subject: 'Colis arrivé abîmé',
  message: 'Bonjour, mon colis est arrivé abîmé à Paris. Que puis-je faire ?',
  locale: 'fr',
  ...overrides,
});

let writer: Awaited<ReturnType<typeof member>>;

before(async () => {
  await migrateDb();
  // Signs up through the real API (which also makes the server's secrets, before anything is counted).
  writer = await member('writer');
});
after(async () => {
  await closeDb();
});

describe('bad fields', () => {
  // One row per bad field: the field, its translated message (fr), and nothing written.
  const rows: [string, Record<string, unknown>, string, string][] = [
    ['a name of 1 letter', { name: 'A' }, 'name', 'Le nom doit contenir au moins 2 caractères.'],
    ['a blank name', { name: '      ' }, 'name', 'Le nom doit contenir au moins 2 caractères.'],
    ['an invalid e-mail', { email: 'amel@' }, 'email', 'Adresse e-mail invalide.'],
    ['a subject of 3 letters', { subject: 'Aïe' }, 'subject', 'L’objet doit contenir au moins 4 caractères.'],
    ['an empty message', { message: '   ' }, 'message', 'Écrivez votre message.'],
    ['no captcha', { altcha: '' }, 'altcha', 'Cochez la case « Je ne suis pas un robot ».'],
    ['a name with U+0000', { name: 'Amel\u0000 Ben' }, 'name', 'Ce champ contient un caractère invalide.'],
  ];
  for (const [what, change, field, message] of rows)
    test(`${what} is refused beside its field`, async () => {
      const before = await rowCounts();
      const answer = await call(contact, {
        body: valid({ altcha: 'not checked first', ...change }),
        address: address(),
      });
      assert.equal(answer.status, 400);
      assert.equal(answer.json.error!.code, 'VALIDATION_FAILED');
      assert.equal(answer.json.error!.fields![field], message);
      assert.deepEqual(await rowCounts(), before);
    });

  test('the messages are in the caller’s language', async () => {
    const answer = await call(contact, { body: valid({ name: 'A', altcha: 'x' }), locale: 'ar', address: address() });
    assert.equal(answer.json.error!.fields!.name, 'يجب أن يتكوّن الاسم من حرفين على الأقل.');
  });
});

describe('the captcha', () => {
  test('a challenge is signed, expires, and names its work', async () => {
    const answer = await call(captcha);
    assert.equal(answer.status, 200);
    const { parameters, signature } = captchaChallengeSchema.parse(answer.json);
    assert.equal(parameters.algorithm, 'PBKDF2/SHA-256');
    assert.ok(parameters.expiresAt > Date.now() / 1000);
    assert.match(signature, /^[0-9a-f]{64}$/);
    assert.ok(parameters.keySignature);
    assert.equal(answer.response.headers.get('cache-control'), 'no-store');
  });

  const forged: [string, () => Promise<string>][] = [
    ['not base64 JSON', async () => '%%%'],
    ['JSON of something else', async () => Buffer.from('{"a":1}').toString('base64')],
    [
      'a challenge solved with a wrong key',
      async () => {
        const payload = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString());
        payload.solution.derivedKey = '00'.repeat(32);
        return Buffer.from(JSON.stringify(payload)).toString('base64');
      },
    ],
    [
      'a challenge whose parameters were changed (less work)',
      async () => {
        const payload = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString());
        payload.challenge.parameters.cost = 1;
        return Buffer.from(JSON.stringify(payload)).toString('base64');
      },
    ],
  ];
  for (const [what, make] of forged)
    test(`${what} is refused: CAPTCHA_INVALID, nothing written`, async () => {
      const altcha = await make();
      const before = await rowCounts();
      const answer = await call(contact, { body: valid({ altcha }), address: address() });
      assert.equal(answer.status, 400);
      assert.equal(answer.json.error!.code, 'CAPTCHA_INVALID');
      assert.equal(
        answer.json.error!.fields!.altcha,
        'La vérification anti-robot a échoué : cochez de nouveau la case.',
      );
      assert.deepEqual(await rowCounts(), before);
    });
});

describe('a good message', () => {
  test('is kept, sent to support and copied to the sender; its solution serves once', async () => {
    const body = valid({ altcha: await solvedCaptcha(), locale: 'en' });
    const answer = await call(contact, { body, address: address() });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    assert.equal(answer.json.data, null);

    const db = await getDb();
    const [stored] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, body.email as string));
    assert.equal(stored!.subject, body.subject);
    assert.equal(stored!.message, body.message);
    assert.equal(stored!.locale, 'en');
    assert.equal(stored!.userId, null);

    const toSupport = outboxTo(env.SUPPORT_EMAIL).filter((m) => m.text.includes(body.message as string));
    assert.equal(toSupport.length, 1);
    assert.equal(toSupport[0]!.replyTo, body.email);
    assert.equal(toSupport[0]!.subject, `[Contact] ${body.subject}`);
    const copies = outboxTo(body.email as string);
    assert.equal(copies.length, 1);
    assert.equal(copies[0]!.subject, 'We have received your message');
    assert.match(copies[0]!.text, /within 24 hours/);
    assert.match(copies[0]!.text, /9:00 to 22:00/);
    // The copy repeats none of the text typed: the form cannot mail anyone a text of one's choosing.
    for (const typed of [body.message, body.subject, body.name] as string[])
      assert.ok(!copies[0]!.text.includes(typed) && !copies[0]!.subject!.includes(typed), typed);

    // The same solution again, from another address, with another message: refused, nothing written.
    const before = await rowCounts();
    const replay = await call(contact, {
      body: { ...valid(), altcha: body.altcha },
      address: address(),
    });
    assert.equal(replay.status, 400);
    assert.equal(replay.json.error!.code, 'CAPTCHA_ALREADY_USED');
    assert.equal(replay.json.error!.fields!.altcha, 'Cette vérification a déjà servi : cochez de nouveau la case.');
    assert.deepEqual(await rowCounts(), before);
  });

  test('a name of 3 letters ("Ali") is kept', async () => {
    const body = valid({ name: 'Ali', altcha: await solvedCaptcha() });
    const answer = await call(contact, { body, address: address() });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const db = await getDb();
    const [stored] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, body.email as string));
    assert.equal(stored!.name, 'Ali');
  });

  test('from a signed-in member, keeps who wrote', async () => {
    const m = writer;
    const body = valid({ email: m.email, altcha: await solvedCaptcha() });
    const answer = await call(contact, { body, cookie: m.cookie, address: address() });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const db = await getDb();
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.email, m.email));
    assert.equal(stored!.userId, m.userId);
  });
});

describe('limits', () => {
  test('a client address sends 5 messages an hour; the 6th try is refused with Retry-After', async () => {
    const from = address();
    for (let i = 0; i < 5; i++) {
      const answer = await call(contact, { body: valid({ altcha: 'forged' }), address: from });
      assert.equal(answer.json.error!.code, 'CAPTCHA_INVALID');
    }
    const before = await rowCounts();
    const limited = await call(contact, { body: valid({ altcha: await solvedCaptcha() }), address: from });
    assert.equal(limited.status, 429);
    assert.equal(limited.json.error!.code, 'RATE_LIMITED');
    assert.ok(Number(limited.response.headers.get('retry-after')) > 0);
    assert.deepEqual(await rowCounts(), before);
  });
});
