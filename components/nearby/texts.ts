import type { Messages } from '@/lib/i18n/messages';
import type { NearbyTexts } from './offer-view';

/** The texts autour-de-moi hands to the browser, from a message file (placeholders unfilled). */
export function nearbyTexts(messages: Messages): NearbyTexts {
  // The page's title, introduction and metadata are the server's alone.
  const { metaTitle, metaDescription, title, intro, ...nearby } = messages.Nearby;
  void [metaTitle, metaDescription, title, intro];
  return {
    ...nearby,
    perKg: messages.Listings.perKg,
    weight: messages.Listings.weight,
    travelTypes: messages.Listings.travelTypes,
    network: messages.Errors.NETWORK,
  };
}
