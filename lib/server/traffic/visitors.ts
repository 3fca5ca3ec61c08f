import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { DeviceClass } from '@/lib/domain';
import { getDb } from '@/lib/server/db/client';
import { visitorSalts } from '@/lib/server/db/schema';
import { addressKey } from '@/lib/server/limits';
import { processShared } from '@/lib/server/process-shared.mjs';

// Who a visit is, without keeping anyone (Plausible's method): a hash of the day's salt, the client's
// address and its user agent. The salt is random, shared by every instance through the database, and
// deleted once its day is over (lib/server/traffic/rollup.ts): after that, nothing can tell whether two
// days' visitors were the same, nor recompute a hash from an address. The address and the user agent
// themselves are never stored.

/**
 * User agents of robots: crawlers and link previews (most never run the page's script; some do), tools
 * and headless browsers. A visit from one is not counted. An empty user agent is one too.
 */
const robots =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|adsbot|bingpreview|facebookexternalhit|facebot|meta-external|embedly|quora link preview|whatsapp\/|skypeuripreview|vkshare|pinterest|redditbot|headlesschrome|phantomjs|puppeteer|playwright|selenium|lighthouse|pagespeed|gtmetrix|pingdom|uptime|google-inspectiontool|googleother|google-read-aloud|storebot|ahrefs|semrush|mj12|dotbot|petalbot|yandex|baiduspider|duckduck|applebot|amazonbot|bytespider|gptbot|chatgpt|claude|anthropic|ccbot|perplexity|cohere|python-|curl\/|wget|go-http-client|node-fetch|undici|axios|okhttp|java\/|libwww|httpclient|scrapy|feedfetcher|preview/i;

export function isRobot(userAgent: string): boolean {
  return !userAgent.trim() || robots.test(userAgent);
}

/** Mobile, tablet or desktop, from the user agent (the Chrome UX Report's form factors). */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|SM-T\d|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini|BlackBerry/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

type Salts = Map<string, Promise<string>>;

/** The salts of the days this process has seen (a day or two), by day. */
function salts(): Salts {
  return processShared('visitor-salts', () => new Map<string, Promise<string>>());
}

/** The salt of `day`, made by the first instance that needs it. */
export function daySalt(day: string): Promise<string> {
  const known = salts();
  let salt = known.get(day);
  if (!salt) {
    salt = (async () => {
      const db = await getDb();
      await db
        .insert(visitorSalts)
        .values({ day, salt: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select({ salt: visitorSalts.salt }).from(visitorSalts).where(eq(visitorSalts.day, day));
      if (!row) throw new Error(`no salt for ${day}`);
      return row.salt;
    })();
    salt.catch(() => known.delete(day));
    for (const other of known.keys()) if (other < day) known.delete(other);
    known.set(day, salt);
  }
  return salt;
}

/**
 * The visitor of a day: 22 characters of a SHA-256 over the day's salt, the day, the client's address
 * (an IPv6 address by its /64, as privacy extensions change the rest) and the user agent.
 */
export async function visitorHash(day: string, address: string, userAgent: string): Promise<string> {
  const salt = await daySalt(day);
  return createHash('sha256')
    .update(`${salt}\n${day}\n${addressKey(address)}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 22);
}

/** Deletes the salts of days before `today`: their hashes can no longer be made again. */
export async function forgetSalts(today: string): Promise<number> {
  const db = await getDb();
  const gone = await db.delete(visitorSalts).where(lt(visitorSalts.day, today)).returning({ day: visitorSalts.day });
  for (const { day } of gone) salts().delete(day);
  return gone.length;
}
