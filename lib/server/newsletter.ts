import 'server-only';
import { getDb } from './db/client';
import { newsletterSubscriptions } from './db/schema';
import { hit } from './limits';

/** Subscribes an address; subscribing twice is not an error. */
export async function subscribe(email: string, locale: string, address: string): Promise<void> {
  await hit('newsletterPerAddress', address);
  const db = await getDb();
  await db.insert(newsletterSubscriptions).values({ email, locale }).onConflictDoNothing();
}
