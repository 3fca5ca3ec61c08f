import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from '@/lib/zod';
import { AppError } from '@/lib/errors';
import { captchaChallengeSchema, type CaptchaChallenge } from '@/lib/schemas/contact';
import { getDb, type Tx } from '@/lib/server/db/client';
import { captchaSolutions, settings } from '@/lib/server/db/schema';

// The contact form's captcha: ALTCHA proof of work, self-hosted. The server signs a challenge (HMAC,
// with a secret every instance shares through the settings table); the browser's widget finds the
// counter whose PBKDF2 key the challenge names (a few seconds of one core at most); the server checks
// the signature, the expiry and the key, and accepts each challenge once (captcha_solutions).

/**
 * Deterministic mode: the server picks the counter, so the work is known (between 2,000 and 6,000
 * PBKDF2-SHA-256 keys of 1,000 iterations: on average about 1.5 s of one core here, measured in Node;
 * the widget spreads it over workers), and a solution is
 * checked with one HMAC. A challenge lives 20 minutes: time to write a message.
 */
export const captchaSettings = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 1000,
  counter: { min: 2000, max: 6000 },
  lifetimeMinutes: 20,
} as const;

let cachedSecrets: { signature: string; key: string } | undefined;

/** The two HMAC secrets, derived from one random value kept in the database (made on first use). */
async function secrets(create: boolean): Promise<{ signature: string; key: string } | undefined> {
  if (cachedSecrets) return cachedSecrets;
  const db = await getDb();
  if (create)
    await db
      .insert(settings)
      .values({ key: 'captcha_secret', value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'captcha_secret'));
  if (!row) return undefined;
  const derive = (label: string) => createHmac('sha256', row.value).update(label).digest('hex');
  cachedSecrets = { signature: derive('altcha challenge'), key: derive('altcha key') };
  return cachedSecrets;
}

/** A new signed challenge, as the widget fetches it. */
export async function newChallenge(): Promise<CaptchaChallenge> {
  const keys = (await secrets(true))!;
  const challenge = await createChallenge({
    algorithm: captchaSettings.algorithm,
    cost: captchaSettings.cost,
    counter: randomInt(captchaSettings.counter.max, captchaSettings.counter.min),
    deriveKey,
    expiresAt: new Date(Date.now() + captchaSettings.lifetimeMinutes * 60_000),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.key,
  });
  const { parameters, signature } = challenge;
  if (!signature || parameters.expiresAt === undefined) throw new Error('altcha-lib made an unsigned challenge');
  return { parameters: { ...parameters, expiresAt: parameters.expiresAt }, signature };
}

const payloadSchema = z.object({
  challenge: captchaChallengeSchema.extend({
    parameters: captchaChallengeSchema.shape.parameters.extend({
      nonce: z.string().regex(/^[0-9a-f]{2,64}$/),
      expiresAt: z.number().positive(),
    }),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

const invalid = () => new AppError('CAPTCHA_INVALID', { altcha: 'captchaInvalid' });

/** A solved challenge: the widget's payload (base64 JSON) checked; what marking it used needs. */
export type SolvedCaptcha = { nonce: string; expiresAt: Date };

/** Checks the widget's payload (signature, expiry, work); throws CAPTCHA_INVALID. Writes nothing. */
export async function verifyCaptcha(payload: string): Promise<SolvedCaptcha> {
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
  } catch {
    throw invalid();
  }
  const keys = await secrets(false);
  if (!keys) throw invalid();
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.key,
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) throw invalid();
  const { nonce, expiresAt } = parsed.challenge.parameters;
  return { nonce, expiresAt: new Date(expiresAt * 1000) };
}

/**
 * Marks a solution used, inside the caller's transaction: a second use of the same challenge, here or
 * on another instance, throws CAPTCHA_ALREADY_USED (the primary key decides).
 */
export async function useCaptcha(tx: Tx, solved: SolvedCaptcha): Promise<void> {
  const inserted = await tx
    .insert(captchaSolutions)
    .values(solved)
    .onConflictDoNothing()
    .returning({ nonce: captchaSolutions.nonce });
  if (!inserted.length) throw new AppError('CAPTCHA_ALREADY_USED', { altcha: 'captchaUsed' });
}

/** Used solutions whose challenge expired: it cannot be replayed any more (the prune job). */
export async function pruneCaptchaSolutions(): Promise<void> {
  const db = await getDb();
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, new Date()));
}
