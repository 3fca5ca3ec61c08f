import 'server-only';
import { getDb } from './db/client';
import { newsletterSubscriptions } from './db/schema';

/** Subscribes an address; subscribing twice is not an error. */
export async function subscribe(email: string, locale: string): Promise<void> {
  const db = await getDb();
  await db.insert(newsletterSubscriptions).values({ email, locale }).onConflictDoNothing();
}
