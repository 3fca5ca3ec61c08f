import { z } from '@/lib/zod';
import {
  identityCheckStatuses,
  listingHideCauses,
  listingKinds,
  listingStatuses,
  memberRoles,
  moderationActions,
  moderationRules,
  suppressionReasons,
} from '@/lib/domain';

// Moderation and identity checks (lib/server/moderation/): request bodies and answers. Messages are
// keys of the `Validation` namespace.

const reason = z
  .string({ error: 'moderationReasonRequired' })
  .trim()
  .min(moderationRules.reasonMin, 'moderationReasonRequired')
  .max(moderationRules.reasonMax, 'tooLong');

/** What a moderator does to a member (the buttons of their record). */
export const memberActions = [
  'dismiss',
  'warn',
  'suspend',
  'lift_suspension',
  'clear_flag',
] as const satisfies readonly (typeof moderationActions)[number][];
export const listingActions = [
  'hide_listing',
  'show_listing',
] as const satisfies readonly (typeof moderationActions)[number][];

export const memberActionSchema = z.object({ action: z.enum(memberActions), reason });
export type MemberActionInput = z.infer<typeof memberActionSchema>;

export const listingActionSchema = z.object({
  kind: z.enum(listingKinds),
  action: z.enum(listingActions),
  reason,
});
export type ListingActionInput = z.infer<typeof listingActionSchema>;

export const identityDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'refuse']),
    reason: z.string().trim().max(moderationRules.reasonMax, 'tooLong').default(''),
  })
  .refine((d) => d.decision === 'approve' || d.reason.length >= moderationRules.reasonMin, {
    path: ['reason'],
    message: 'moderationReasonRequired',
  });
export type IdentityDecisionInput = z.infer<typeof identityDecisionSchema>;

export const memberSearchQuerySchema = z.object({ q: z.string().trim().min(2, 'searchTooShort').max(100, 'tooLong') });

const person = z.object({ id: z.string(), name: z.string() });
const listingRef = z.object({ kind: z.enum(listingKinds), id: z.string() });

export const moderationQueueSchema = z.object({
  groups: z.array(
    z.object({
      key: z.string(),
      member: person.extend({
        email: z.string(),
        flagged: z.boolean(),
        suspended: z.boolean(),
        reporters: z.number().int(),
      }),
      listing: listingRef.extend({ title: z.string(), hidden: z.boolean() }).nullable(),
      reports: z.array(
        z.object({
          id: z.string(),
          reason: z.string(),
          details: z.string(),
          createdAt: z.iso.datetime(),
          reporter: person,
        }),
      ),
    }),
  ),
  identity: z.array(
    z.object({ id: z.string(), member: person.extend({ email: z.string() }), createdAt: z.iso.datetime() }),
  ),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

export const memberHitSchema = person.extend({ email: z.string(), flagged: z.boolean(), suspended: z.boolean() });
export type MemberHit = z.infer<typeof memberHitSchema>;
export const memberHitsSchema = z.array(memberHitSchema);

export const identityCheckSchema = z.object({
  id: z.string(),
  status: z.enum(identityCheckStatuses),
  reason: z.string().nullable(),
  files: z.boolean(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});

export const memberRecordSchema = z.object({
  member: person.extend({
    email: z.string(),
    role: z.enum(memberRoles),
    locale: z.string(),
    createdAt: z.iso.datetime(),
    phoneVerified: z.boolean(),
    identityVerified: z.boolean(),
    flaggedAt: z.iso.datetime().nullable(),
    suspendedAt: z.iso.datetime().nullable(),
    suspensionReason: z.string().nullable(),
    /** The address receives no notification e-mail since SES reported a hard bounce or a complaint. */
    mailSuppressed: z
      .object({ reason: z.enum(suppressionReasons), detail: z.string().nullable(), since: z.iso.datetime() })
      .nullable(),
  }),
  listings: z.array(
    listingRef.extend({
      title: z.string(),
      status: z.enum(listingStatuses),
      hidden: z.enum(listingHideCauses).nullable(),
    }),
  ),
  reports: z.array(
    z.object({
      id: z.string(),
      reason: z.string(),
      details: z.string(),
      listing: listingRef.nullable(),
      handled: z.boolean(),
      createdAt: z.iso.datetime(),
      reporter: person,
    }),
  ),
  log: z.array(
    z.object({
      id: z.string(),
      action: z.enum(moderationActions),
      reason: z.string(),
      listing: listingRef.nullable(),
      createdAt: z.iso.datetime(),
      moderator: person.nullable(),
    }),
  ),
  identity: z.array(identityCheckSchema),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

/** The member's own identity check, as parametres shows it (null: none yet). */
export const myIdentitySchema = z.object({
  verified: z.boolean(),
  check: identityCheckSchema.omit({ files: true }).nullable(),
});
export type MyIdentity = z.infer<typeof myIdentitySchema>;
