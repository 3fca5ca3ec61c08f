import 'server-only';
import type { Campaign } from '@/lib/schemas/traffic';
import type { Db, Tx } from '@/lib/server/db/client';
import { memberCampaigns } from '@/lib/server/db/schema';

// The campaign of the visit in which a member signed up: the tags travel with the visitor's own
// navigation (the tab's sessionStorage, lib/beacon.mjs), the sign-up form sends them, and they are kept
// on the account, so that the statistics page can say what a campaign led to (sign-ups, listings).

/** Keeps a new member's campaign, when the sign-up carried one (a member keeps the first). */
export async function keepSignUpCampaign(db: Db | Tx, userId: string, campaign: Campaign | undefined): Promise<void> {
  if (!campaign || (!campaign.source && !campaign.medium && !campaign.campaign)) return;
  await db
    .insert(memberCampaigns)
    .values({
      userId,
      source: campaign.source ?? null,
      medium: campaign.medium ?? null,
      campaign: campaign.campaign ?? null,
    })
    .onConflictDoNothing();
}
