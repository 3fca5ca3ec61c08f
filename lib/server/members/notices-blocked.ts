import 'server-only';
import type { Db, Tx } from '@/lib/server/db/client';

// SEAM for the lead: blocking is built by another part (22-holes), which exports
// isBlockedBetween(a, b). Until the branches are joined, nobody is blocked; point this at it then.

/** Whether `recipientId` must hear nothing from `senderId` (either blocked the other). */
export async function noticesBlocked(
  recipientId: string,
  senderId: string,
  db: Pick<Db | Tx, 'select'>,
): Promise<boolean> {
  void recipientId;
  void senderId;
  void db;
  return false;
}
