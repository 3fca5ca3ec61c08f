// The marketplace's words, each defined once: the database enums (lib/server/db/schema/), the zod
// schemas (lib/schemas/), the OpenAPI document and the screens all derive from these lists.
// Relative imports only here: drizzle-kit reads the schema without the `@/` alias.
import { listingCountries } from './countries';

export const listingKinds = ['package', 'travel'] as const;
export type ListingKind = (typeof listingKinds)[number];

/** Senders look for trips and travellers for parcels: an empty list points to the other kind. */
export function otherKind(kind: ListingKind): ListingKind {
  return kind === 'package' ? 'travel' : 'package';
}

export const listingStatuses = ['upcoming', 'active', 'in_transit', 'finished', 'expired'] as const;
export type ListingStatus = (typeof listingStatuses)[number];
/** The statuses a list shows unless its status filter says otherwise. */
export const openStatuses = ['upcoming', 'active'] as const satisfies readonly ListingStatus[];

export function isOpenStatus(status: ListingStatus): boolean {
  return (openStatuses as readonly ListingStatus[]).includes(status);
}

export const travelTypes = [
  'plane',
  'car',
  'rental_car',
  'motorcycle',
  'bike',
  'bus',
  'train',
  'truck',
  'taxi',
] as const;
export type TravelType = (typeof travelTypes)[number];

export const currencies = ['TND', 'EUR', 'MAD', 'DZD', 'CHF', 'USD', 'GBP'] as const;
export type Currency = (typeof currencies)[number];

/** Orders of a list: departure date, price per kg, newest first. */
export const listSorts = ['date', 'price', 'recent'] as const;
export type ListSort = (typeof listSorts)[number];
export const defaultSort: ListSort = 'date';
/** Listings per page of a list, unless the caller asks for another size up to the maximum. */
export const listPageSize = { default: 12, max: 50 } as const;

/**
 * A proposal's life (lib/server/deals/proposals.ts has the transitions): pending while the two negotiate;
 * accepted, then in_transit (the carrier entered the pickup code) and delivered (the delivery code)
 * once it is a deal; declined or cancelled when it ends without one.
 */
export const proposalStatuses = ['pending', 'accepted', 'in_transit', 'delivered', 'declined', 'cancelled'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];
/** A deal: both sides agreed on the amount. Phone numbers are shared between the two from then on. */
export const dealStatuses = ['accepted', 'in_transit', 'delivered'] as const satisfies readonly ProposalStatus[];
export type DealStatus = (typeof dealStatuses)[number];

export function isDeal(status: ProposalStatus): status is DealStatus {
  return (dealStatuses as readonly ProposalStatus[]).includes(status);
}

/** Ended without a deal: nothing more to do on it, and no contact between the two. */
export const endedStatuses = ['declined', 'cancelled'] as const satisfies readonly ProposalStatus[];

export function hasEnded(status: ProposalStatus): boolean {
  return (endedStatuses as readonly ProposalStatus[]).includes(status);
}

/** Who moves next on a pending proposal: the listing's owner, or the proposer after a counter-proposal. */
export const proposalTurns = ['owner', 'proposer'] as const;
export type ProposalTurn = (typeof proposalTurns)[number];

/** What a participant may do to a proposal, when its state and their side allow it. */
export const proposalActions = ['edit', 'cancel', 'accept', 'decline', 'counter', 'pickup', 'deliver'] as const;
export type ProposalAction = (typeof proposalActions)[number];

/**
 * How mes-propositions sorts proposals: what waits for the member (an answer, a handover code), what
 * goes on without them, and what is over (delivered, declined, cancelled).
 */
export const proposalStages = ['toAnswer', 'inProgress', 'closed'] as const;
export type ProposalStage = (typeof proposalStages)[number];
const waitingActions: readonly ProposalAction[] = ['accept', 'decline', 'counter', 'pickup', 'deliver'];

export function proposalStage(proposal: { status: ProposalStatus; actions: readonly ProposalAction[] }): ProposalStage {
  if (proposal.status === 'delivered' || hasEnded(proposal.status)) return 'closed';
  return proposal.actions.some((action) => waitingActions.includes(action)) ? 'toAnswer' : 'inProgress';
}

/** An amount proposed for a whole parcel, in the listing's currency. */
export const proposalAmount = { max: 100000 } as const;

/** The pickup and delivery codes of a parcel deal: digits, easy to read aloud over a phone. */
export const handoverCodeLength = 6;

export const messageStatuses = ['sent', 'delivered', 'read'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/**
 * What a message is: a member's text (and/or image), or a step of the deal about the conversation's
 * listing, posted by the service that took the step. A counter-proposal is a `proposal_sent` from the
 * listing's owner; an edit, a `proposal_sent` from the proposer again.
 */
export const messageKinds = [
  'text',
  'proposal_sent',
  'proposal_accepted',
  'proposal_declined',
  'proposal_cancelled',
  'deal_picked_up',
  'deal_delivered',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** A message's text; a page of a conversation. */
export const messageLimits = { bodyMax: 2000, pageSize: 50 } as const;

/** Photos (of a listing, of a message): at most 10 a listing (the first is the cover), 5 MB each, in
 * these formats as read from the content (specification, section 9). */
export const imageLimits = {
  perListing: 10,
  maxBytes: 5 * 1024 * 1024,
  formats: ['jpeg', 'png', 'webp', 'avif', 'heif', 'gif'],
} as const;

/** A multipart upload of so many photos, with room for the parts' headers and a caption. */
export const multipartBytes = (files: number) => files * imageLimits.maxBytes + 512 * 1024;

/** Request bodies: JSON and plain forms; multipart uploads (at most a listing's photos at once). */
export const requestLimits = {
  jsonBytes: 64 * 1024,
  multipartBytes: multipartBytes(imageLimits.perListing),
} as const;

/** The currencies the price simulator offers (specification, section 1: "approximate price from weight, distance and currency"). */
export const simulatorCurrencies = ['EUR', 'TND', 'MAD', 'DZD', 'CHF'] as const satisfies readonly Currency[];
export type SimulatorCurrency = (typeof simulatorCurrencies)[number];

/**
 * The price simulator's rules (lib/server/public/price-estimate.ts applies them; docs/architecture.md explains them):
 * the window of real prices it reads, how many it needs before it trusts them over the default table,
 * and the bounds of what it accepts.
 */
export const priceEstimateRules = {
  windowDays: 90,
  minSamples: 5,
  /** A parcel lighter than this is priced as this weight (carriers ask for a minimum). */
  minBillableKg: 1,
  maxWeightKg: 1000,
  maxDistanceKm: 20000,
} as const;

/** The contact form (specification, sections 5 and 9): field bounds and the promised reply time. */
export const contactRules = {
  // The specification says 4; 2 on purpose, so that short names such as "Ali" pass.
  nameMin: 2,
  nameMax: 100,
  subjectMin: 4,
  subjectMax: 150,
  messageMax: 5000,
  replyHours: 24,
} as const;

/** The newsletter's double opt-in: how long the e-mailed confirmation link works. */
export const newsletterRules = { confirmLinkDays: 7 } as const;
/**
 * The map of offers around me (autour-de-moi): open listings whose departure city lies within a radius
 * of a point, nearest first. The specification leaves the default radius "not shown": 50 km covers a
 * city and its suburbs (Tunis, Ariana, Ben Arous, La Marsa). The type filter: every kind, or one.
 */
// Marked pure: the site's shared chunks hold this module, and a spread the minifier cannot drop would
// ship in every page that does not use it.
export const nearbyTypes = /* @__PURE__ */ (() => ['all', ...listingKinds] as const)();
export type NearbyType = (typeof nearbyTypes)[number];
export const nearbyRadiusKm = { min: 1, max: 500, default: 50, choices: [10, 25, 50, 100, 250, 500] } as const;
/** Offers an answer holds at most: the nearest ones (the page shows the default number). */
export const nearbyLimit = { default: 50, max: 200 } as const;
/** Where the map starts before the visitor shares a position or picks a city, and the time zone
 * when the browser's cannot be read (specification, section 9). */
export const nearbyDefaultPlace = { city: 'Tunis', country: 'TN' } as const;
export const defaultTimeZone = 'Africa/Tunis';
// ---------------------------------------------------------------- the member space (lib/server/members/settings.ts and neighbours)

/** Why a member reports another (the list the report form offers). */
export const reportReasons = [
  'no_show',
  'suspicious',
  'scam',
  'abusive',
  'prohibited_item',
  'fake_profile',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

/**
 * Reports: details up to `detailsMax` characters; a member reported by `flagAfter` different members
 * is flagged: at the top of the moderation queue, support told once. A moderator decides what follows.
 */
export const reportRules = { detailsMax: 1000, flagAfter: 3 } as const;

/** A rating: a score from 1 to 5 and a comment, once per rated member, after a deal. */
export const ratingRules = { minScore: 1, maxScore: 5, commentMax: 1000 } as const;

/**
 * What a member is told about (lib/server/notify/preferences.ts decides): messages, the steps of
 * proposals, the handover of a deal, route alerts, the newsletter; and through which channels.
 */
export const notificationKinds = ['messages', 'proposals', 'deals', 'alerts', 'newsletter'] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationChannels = ['email', 'push'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
/** The channels each kind travels by (alerts and the newsletter are e-mails only). */
export const notificationChannelsOf = {
  messages: ['email', 'push'],
  proposals: ['email', 'push'],
  deals: ['email', 'push'],
  alerts: ['email'],
  newsletter: ['email'],
} as const satisfies Record<NotificationKind, readonly NotificationChannel[]>;
/** Quiet hours, in minutes after midnight of the member's time zone: pushes wait until they end; e-mails do not. */
export const defaultQuietHours = { enabled: true, from: 22 * 60, to: 8 * 60, timeZone: 'Africa/Tunis' } as const;
/**
 * Unread messages by e-mail: after `delayMinutes` unread with no live stream open, one e-mail per
 * conversation (later messages join it), at most one per conversation every `perConversationMinutes`.
 */
export const unreadMailRules = { delayMinutes: 10, perConversationMinutes: 60, excerptLines: 3 } as const;

/** Route alerts: a member keeps a few; each sends at most one digest per `digestHours`, of `digestListings` at most. */
export const alertRules = { perMember: 20, digestHours: 24, digestListings: 20 } as const;

/** Avatars: re-encoded square, at this size in pixels. */
export const avatarSize = 256;

/** A public profile shows this many reviews and open listings. */
export const profileLimits = { reviews: 20, listings: 12 } as const;

// ---------------------------------------------------------------- parcels: publishing, sizes, second proposals (issue 21)

/**
 * A parcel's size category, and the largest dimensions (cm, length × width × height) each one means.
 * A proposal on a trip says it; the publish form of a parcel offers the same list.
 */
export const parcelSizes = ['envelope', 'small', 'medium', 'large'] as const;
export type ParcelSize = (typeof parcelSizes)[number];
export const parcelSizeDimensionsCm = {
  envelope: [35, 25, 3],
  small: [35, 25, 15],
  medium: [55, 40, 25],
  large: [80, 60, 40],
} as const satisfies Record<ParcelSize, readonly [number, number, number]>;
/** A listing's texts: title, description, a parcel's contents in words. */
export const listingTextLimits = { nameMax: 120, descriptionMax: 2000, contentsMax: 300 } as const;
// ---------------------------------------------------------------- moderation and identity (lib/server/moderation/)

/** Who a member is to the site: staff see the moderation queue (/{lang}/moderation). */
export const memberRoles = ['member', 'moderator'] as const;
export type MemberRole = (typeof memberRoles)[number];
export const staffRoles = ['moderator'] as const satisfies readonly MemberRole[];

/** What a moderator does, each written to the audit log with its reason. */
export const moderationActions = [
  'dismiss',
  'hide_listing',
  'show_listing',
  'warn',
  'suspend',
  'lift_suspension',
  'clear_flag',
  'approve_identity',
  'refuse_identity',
] as const;
export type ModerationAction = (typeof moderationActions)[number];

/** Why a listing is out of every list: a moderator hid it, or its owner is suspended. */
export const listingHideCauses = ['moderation', 'suspension'] as const;
export type ListingHideCause = (typeof listingHideCauses)[number];

/** Moderation: a reason up to `reasonMax` characters; a search answers `searchLimit` members at most. */
export const moderationRules = { reasonMin: 3, reasonMax: 1000, searchLimit: 20, queueLimit: 50 } as const;

/** Identity checks: their files (a document and a selfie) are deleted `keepDays` after the decision. */
export const identityCheckStatuses = ['pending', 'approved', 'refused'] as const;
export type IdentityCheckStatus = (typeof identityCheckStatuses)[number];
export const identityFiles = ['document', 'selfie'] as const;
export type IdentityFile = (typeof identityFiles)[number];
export const identityRules = { keepDays: 30, maxWidth: 2000 } as const;

/**
 * Proposals of one member on one listing: a new one after a declined or cancelled one, at most
 * `perMemberPerListing` in all, never two pending at once. A parcel on a trip: its weight and contents.
 */
export const proposalRules = {
  perMemberPerListing: 3,
  parcelWeightMaxKg: 1000,
  contentsMin: 3,
  contentsMax: 300,
} as const;

/** The calendar the listings' dates follow (departure day, arrival day): Tunisia's. */
export const listingTimeZone = defaultTimeZone;

/** Social sign-in providers (better-auth's names); each is offered only when its keys are set (lib/env.ts). */
export const socialProviders = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof socialProviders)[number];

// ---------------------------------------------------------------- reaching people (issue 33)

/**
 * The countries phone codes are sent to: where the marketplace's listings go (lib/countries.ts, the
 * list filters' countries). A number elsewhere is refused before anything is sent (no bill run up
 * by sending codes to expensive destinations).
 */
export const phoneCodeCountries: readonly string[] = listingCountries;

/** How a phone code travels: a text message, or WhatsApp's authentication template (when configured). */
export const phoneCodeChannels = ['sms', 'whatsapp'] as const;
export type PhoneCodeChannel = (typeof phoneCodeChannels)[number];

/** What became of a text message, as the provider reports it (Twilio's statuses, grouped). */
export const phoneDeliveryStatuses = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type PhoneDeliveryStatus = (typeof phoneDeliveryStatuses)[number];
/** The statuses that say the message did not and will not arrive. */
export const undeliveredStatuses = ['undelivered', 'failed'] as const satisfies readonly PhoneDeliveryStatus[];

/**
 * Phone codes: a number's range is the number without its last `rangeDigits` digits (a range is
 * how numbers are sold to operators, and how SMS pumping spends them).
 */
export const phoneCodeRules = { rangeDigits: 4 } as const;

/** Why an address no longer receives mail (Amazon SES: a hard bounce, or the recipient's complaint). */
export const suppressionReasons = ['bounce', 'complaint'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];
// ---------------------------------------------------------------- routes (city pairs) and the route search

/**
 * Route pages (/{lang}/envoi-colis/{from}/{to}, lib/server/public/routes.ts): a pair is indexed
 * while one of its listings was open within `windowDays` (or it joins two big cities); its prices
 * are those asked on it within `windowDays`; `listings` of each kind and direction on the page, the
 * next `departures`, `otherRoutes` per city.
 */
export const routeRules = { windowDays: 180, listings: 6, departures: 5, otherRoutes: 6 } as const;

/** The home page's search: I send a parcel (I look for trips), or I travel (I look for parcels). */
export const searchRoles = ['send', 'travel'] as const;
export type SearchRole = (typeof searchRoles)[number];
/** The listings a role looks for. */
export function searchedKind(role: SearchRole): ListingKind {
  return role === 'send' ? 'travel' : 'package';
}
// ---------------------------------------------------------------- visits counted without cookies (lib/server/traffic/)

/** What a public page reports: that it was seen, its Core Web Vitals, a click on a share link. */
export const pageEventTypes = ['view', 'vitals', 'share'] as const;
export type PageEventType = (typeof pageEventTypes)[number];
/** Device classes, from the user agent (as the Chrome UX Report's form factors). */
export const deviceClasses = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof deviceClasses)[number];
/** Where a listing is shared from its page (components/listings/share-links.tsx): `copy` is the copy button. */
export const shareNetworks = ['whatsapp', 'facebook', 'x', 'copy'] as const;
export type ShareNetwork = (typeof shareNetworks)[number];
/** The Core Web Vitals the beacon carries (milliseconds; CLS a score). */
export const webVitals = ['lcp', 'inp', 'cls', 'ttfb'] as const;
export type WebVital = (typeof webVitals)[number];
/** Where a figure of the statistics page comes from. */
export const trafficDimensions = ['page', 'listing', 'referrer', 'campaign', 'device', 'locale'] as const;
export type TrafficDimension = (typeof trafficDimensions)[number];

/**
 * Events kept `keepEventsDays` (then only each day's figures); an owner sees views of all time and of
 * the last `recentDays`; the statistics page shows `defaultDays` unless a range is asked (at most
 * `maxDays`), the `topRows` first of each table, and Web Vitals over the days whose events are kept.
 */
export const trafficRules = {
  keepEventsDays: 30,
  recentDays: 7,
  defaultDays: 28,
  maxDays: 366,
  topRows: 10,
  tagMax: 100,
} as const;
