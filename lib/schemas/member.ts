import { z } from '@/lib/zod';
import {
  listingHideCauses,
  listingKinds,
  listingStatuses,
  notificationChannels,
  notificationChannelsOf,
  notificationKinds,
  proposalStatuses,
  ratingRules,
  reportReasons,
  reportRules,
  travelTypes,
  currencies,
  socialProviders,
} from '@/lib/domain';
import { locales } from '@/lib/i18n/locales';
import { listingFiltersSchema, listingSummarySchema } from './listings';
import { publicUserSchema } from './users';

// The member space (lib/server/members/settings.ts, favourites.ts, profiles.ts, ratings.ts, reports.ts,
// alerts.ts): request bodies, shared by the forms and the API, and the answers. Messages are keys of
// the `Validation` namespace.

const name = (required: string) => z.string().trim().min(1, required).max(60, 'tooLong');

// ---------------------------------------------------------------- settings

/** The kinds a channel carries (lib/domain.ts `notificationChannelsOf`), each a switch. */
type KindsOf<C extends (typeof notificationChannels)[number]> = {
  [K in (typeof notificationKinds)[number]]: C extends (typeof notificationChannelsOf)[K][number] ? K : never;
}[(typeof notificationKinds)[number]];
const channelSwitches = <C extends (typeof notificationChannels)[number]>(channel: C) =>
  z.object(
    Object.fromEntries(
      notificationKinds
        .filter((kind) => (notificationChannelsOf[kind] as readonly string[]).includes(channel))
        .map((kind) => [kind, z.boolean()]),
    ) as Record<KindsOf<C>, z.ZodBoolean>,
  );
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'timeInvalid');
const timeZone = z
  .string()
  .max(64, 'timeZoneUnknown')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'timeZoneUnknown');
export const quietHoursSchema = z.object({
  enabled: z.boolean(),
  from: clockTime.meta({ description: 'HH:MM, in timeZone: pushes wait from then…' }),
  to: clockTime.meta({ description: '…until then (e-mails do not wait).' }),
  timeZone: timeZone.meta({ description: 'An IANA time zone, Africa/Tunis by default.' }),
});
export const notificationsSchema = z.object({
  email: channelSwitches('email'),
  push: channelSwitches('push'),
  quietHours: quietHoursSchema,
});
/** A switch the channel does not carry (a newsletter by push) is refused, not ignored. */
const unknown = { error: 'notificationUnknown' } as const;
export const notificationsInputSchema = z.strictObject(
  {
    email: z.strictObject(channelSwitches('email').partial().shape, unknown).optional(),
    push: z.strictObject(channelSwitches('push').partial().shape, unknown).optional(),
    quietHours: z.strictObject(quietHoursSchema.partial().shape, unknown).optional(),
  },
  unknown,
);
export type NotificationsInput = z.infer<typeof notificationsInputSchema>;
export type Notifications = z.infer<typeof notificationsSchema>;

/** PATCH /me: any of the member's names, preferred language (for e-mails) and e-mail switches. */
export const settingsInputSchema = z
  .object({
    firstname: name('firstnameRequired').optional(),
    lastname: name('lastnameRequired').optional(),
    locale: z.enum(locales, { error: 'localeUnknown' }).optional(),
    notifications: notificationsInputSchema.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'nothingToChange' });
export type SettingsInput = z.infer<typeof settingsInputSchema>;

export { changeEmailSchema, changePasswordSchema, type ChangeEmailInput, type ChangePasswordInput } from './settings';

/** POST /me/email/confirm: the token of the link sent to the new address. */
export const confirmEmailChangeSchema = z.object({
  token: z.string().min(1, 'tokenRequired').max(200, 'tokenRequired'),
});

/** DELETE /me: the password confirms it (a member without a password confirms by an e-mailed link instead). */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'passwordRequired').max(128, 'passwordMax').optional(),
});
export const accountDeletionSchema = z.object({
  status: z.enum(['deleted', 'link-sent']).meta({
    description: '`link-sent`: a member without a password confirms by the link e-mailed to their address.',
  }),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** POST /me/deletion/confirm: the token of the link that deletes the account of a member without a password. */
export const confirmAccountDeletionSchema = z.object({
  token: z.string().min(1, 'tokenRequired').max(200, 'tokenRequired'),
});

/** POST /me/email: where the link went (a member without a password approves from the current address first). */
export const emailChangeSchema = z.object({ sentTo: z.enum(['new-address', 'current-address']) });
export type EmailChange = z.infer<typeof emailChangeSchema>;
/** POST /me/email/confirm: the address changed, or (an approval from the current address) the link went to the new one. */
export const emailChangeStepSchema = z.object({ status: z.enum(['changed', 'link-sent']) });

/** The member's own settings, as the settings screen shows them. */
export const settingsSchema = z.object({
  id: z.string(),
  signIns: z
    .object({ password: z.boolean(), providers: z.array(z.enum(socialProviders)) })
    .meta({ description: 'How the member signs in: with a password, and the providers linked to the account.' }),
  firstname: z.string(),
  lastname: z.string(),
  email: z.email(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  avatar: z.string().nullable().meta({ description: 'Storage key of the square avatar (served under /uploads/).' }),
  locale: z.enum(locales),
  notifications: notificationsSchema,
  memberSince: z.iso.datetime(),
});
export type Settings = z.infer<typeof settingsSchema>;

// ---------------------------------------------------------------- dashboard and my listings

const countsByKind = z.object({ package: z.number().int().min(0), travel: z.number().int().min(0) });

export const dashboardSchema = z.object({
  openListings: countsByKind.meta({ description: 'The member’s open listings (upcoming and active).' }),
  unreadMessages: z.number().int().min(0),
  pendingProposals: z.object({
    sent: z.number().int().min(0).meta({ description: 'Pending proposals the member made.' }),
    received: z.number().int().min(0).meta({ description: 'Pending proposals on the member’s listings.' }),
  }),
  favourites: z.number().int().min(0),
  alerts: z.number().int().min(0),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const myListingsQuerySchema = z.object({
  kind: z.enum(listingKinds, { error: 'kindUnknown' }),
});

/** A proposal on one of the member's listings, as mes-colis and mes-trajets list them. */
export const listingProposalSchema = z.object({
  id: z.string(),
  proposer: z.object({ id: z.string(), firstname: z.string() }),
  amount: z.number(),
  counterAmount: z.number().nullable(),
  agreedAmount: z.number().nullable(),
  currency: z.enum(currencies),
  status: z.enum(proposalStatuses),
  updatedAt: z.iso.datetime(),
});

export const myListingSchema = z.object({
  listing: listingSummarySchema,
  images: z.number().int().min(0).meta({ description: 'How many photos (packages).' }),
  proposals: z.array(listingProposalSchema),
  unread: z.number().int().min(0).meta({ description: 'Unread messages in the conversations about it.' }),
  conversations: z.number().int().min(0),
  favourites: z.number().int().min(0).meta({ description: 'How many members saved it.' }),
  views: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'Visits of its page by people (robots left out), of all time, counted within a minute.' }),
  recentViews: z.number().int().min(0).meta({ description: 'Visits of its page in the last 7 days (today included).' }),
  shareClicks: z.number().int().min(0).meta({ description: 'Clicks on the share links of its page.' }),
  statusChanges: z
    .array(z.enum(listingStatuses))
    .meta({ description: 'The statuses its owner may set now (the transition table of docs/architecture.md).' }),
  hidden: z
    .enum(listingHideCauses)
    .nullable()
    .meta({ description: 'Hidden from every list and its page by moderation, or while the owner is suspended.' }),
});
export const myListingsSchema = z.object({ items: z.array(myListingSchema) });
export type MyListing = z.infer<typeof myListingSchema>;

// ---------------------------------------------------------------- favourites

export const favouriteSchema = z.object({
  kind: z.enum(listingKinds),
  id: z.string(),
  savedAt: z.iso.datetime(),
  listing: listingSummarySchema,
  ended: z.boolean().meta({ description: 'The listing no longer takes offers (in transit, finished or expired).' }),
});
export const favouritesSchema = z.object({ items: z.array(favouriteSchema) });
export type Favourite = z.infer<typeof favouriteSchema>;

export const favouriteIdsSchema = z.object({
  items: z.array(z.object({ kind: z.enum(listingKinds), id: z.string() })),
});

export const favouriteStateSchema = z.object({ saved: z.boolean() });

// ---------------------------------------------------------------- profiles, likes, ratings, reports

export const ratingInputSchema = z.object({
  score: z
    .number({ error: 'scoreInvalid' })
    .int('scoreInvalid')
    .min(ratingRules.minScore, 'scoreInvalid')
    .max(ratingRules.maxScore, 'scoreInvalid'),
  comment: z.string().trim().max(ratingRules.commentMax, 'tooLong').default(''),
});
export type RatingInput = z.infer<typeof ratingInputSchema>;

export const reportInputSchema = z.object({
  reason: z.enum(reportReasons, { error: 'reasonRequired' }),
  details: z.string().trim().max(reportRules.detailsMax, 'tooLong').default(''),
  /** The listing the report is about, when there is one (the moderation queue groups by it). */
  listing: z.object({ kind: z.enum(listingKinds), id: z.string().min(1).max(64) }).optional(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  author: z.object({ id: z.string(), firstname: z.string(), avatar: z.string().nullable() }),
  score: z.number().int().min(ratingRules.minScore).max(ratingRules.maxScore),
  comment: z.string(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reliabilitySchema = z.object({
  medianReplySeconds: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Median time to the first reply in conversations someone else started; null without one.' }),
  repliedConversations: z.number().int().min(0),
  acceptedDeals: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'Deals accepted that are settled: delivered, cancelled or past their arrival date.' }),
  deliveredDeals: z.number().int().min(0),
  cancelledAfterAcceptance: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'Deals this member cancelled after they were accepted.' }),
});
export type Reliability = z.infer<typeof reliabilitySchema>;

export const likesSchema = z.object({ count: z.number().int().min(0), liked: z.boolean() });

/** What the signed-in viewer may do on a profile (null for a guest). */
export const profileViewerSchema = z.object({
  self: z.boolean(),
  liked: z.boolean(),
  canRate: z
    .boolean()
    .meta({ description: 'A delivered deal, or an accepted one past its arrival date, and no rating yet.' }),
  rated: z.boolean(),
  reported: z.boolean(),
  blocked: z.boolean().meta({ description: 'The viewer blocked this member.' }),
});

export const profileSchema = z.object({
  user: publicUserSchema,
  likes: z.number().int().min(0),
  reliability: reliabilitySchema,
  reviews: z.array(reviewSchema),
  listings: z.array(listingSummarySchema).meta({ description: 'Open listings, soonest first.' }),
  viewer: profileViewerSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

// ---------------------------------------------------------------- route alerts

/**
 * POST /alerts: a list's kind and its filters as the list's URL holds them (cursor, sort, page size and
 * status are ignored); at least one criterion.
 */
export const alertInputSchema = z.object({
  kind: z.enum(listingKinds, { error: 'kindUnknown' }),
  filters: listingFiltersSchema,
});
export type AlertInput = z.infer<typeof alertInputSchema>;

export const alertCriteriaSchema = z.object({
  fromPlaceId: z.number().int().nullable(),
  fromCountry: z.string().nullable(),
  toPlaceId: z.number().int().nullable(),
  toCountry: z.string().nullable(),
  after: z.string().nullable(),
  before: z.string().nullable(),
  maxPrice: z.number().nullable(),
  minWeight: z.number().nullable(),
  maxWeight: z.number().nullable(),
  type: z.enum(travelTypes).nullable(),
});

export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(listingKinds),
  criteria: alertCriteriaSchema,
  query: z.string().meta({ description: 'The list’s query string of these filters (`?from=Tunis&to=Paris`).' }),
  lastSentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.object({ items: z.array(alertSchema) });

export const unsubscribeQuerySchema = z.object({ token: z.string().min(1, 'tokenRequired').max(200, 'tokenRequired') });

// ---------------------------------------------------------------- blocks

export const blockStateSchema = z.object({ blocked: z.boolean() });

/** The members the signed-in member blocked (parametres), newest first. */
export const blockedMembersSchema = z.object({
  items: z.array(
    z.object({
      userId: z.string(),
      firstname: z.string(),
      lastname: z.string().meta({ description: 'Its initial only, as on a public profile.' }),
      avatar: z.string().nullable(),
      blockedAt: z.iso.datetime(),
    }),
  ),
});
export type BlockedMembers = z.infer<typeof blockedMembersSchema>;
