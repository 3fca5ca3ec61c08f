import { campaignStorageKey } from '@/lib/beacon.mjs';
import type { Campaign } from '@/lib/schemas/traffic';

/**
 * The campaign of this tab's visit (utm_source, utm_medium, utm_campaign of the link it came in by),
 * which the counting script keeps in sessionStorage (lib/beacon.mjs): a sign-up sends it, and the
 * account keeps it. Nothing when there is none, or storage is refused.
 */
export function tabCampaign(): Campaign | undefined {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(campaignStorageKey) ?? 'null');
    if (!kept || typeof kept !== 'object') return undefined;
    const pick = (key: string) => {
      const value = (kept as Record<string, unknown>)[key];
      return typeof value === 'string' && value ? value.slice(0, 100) : undefined;
    };
    const campaign = { source: pick('source'), medium: pick('medium'), campaign: pick('campaign') };
    return campaign.source || campaign.medium || campaign.campaign ? campaign : undefined;
  } catch {
    return undefined;
  }
}
