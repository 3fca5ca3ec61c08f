import 'server-only';
import type { z } from '@/lib/zod';
import { identityFiles } from '@/lib/domain';
import { acknowledgementSchema } from '@/lib/schemas/api';
import {
  identityDecisionSchema,
  listingActionSchema,
  memberActionSchema,
  memberHitsSchema,
  memberRecordSchema,
  memberSearchQuerySchema,
  moderationQueueSchema,
  myIdentitySchema,
} from '@/lib/schemas/moderation';
import { endpoint } from './declare';

// Moderation (staff only: the `staff` session rule answers 403 to any other member) and the member's
// own identity check.

export const moderationRequestSchemas: [z.ZodType, string][] = [
  [memberActionSchema, 'MemberActionInput'],
  [listingActionSchema, 'ListingActionInput'],
  [identityDecisionSchema, 'IdentityDecisionInput'],
];

/** Answers named in the document's components, with the sentence that describes them. */
export const moderationAnswerSchemas: [z.ZodType, { id: string; description: string }][] = [
  [
    moderationQueueSchema,
    { id: 'ModerationQueue', description: 'Open reports by listing or member, and identity checks waiting.' },
  ],
  [memberHitsSchema, { id: 'MemberHits', description: 'Members found by e-mail or name.' }],
  [memberRecordSchema, { id: 'MemberRecord', description: 'What staff see of a member, with the audit log.' }],
  [myIdentitySchema, { id: 'MyIdentity', description: 'The member’s identity check and whether they are verified.' }],
];

export const moderationEndpoints = {
  moderation: {
    queue: endpoint({
      method: 'GET',
      path: '/moderation/queue',
      tag: 'Moderation',
      summary: 'Open reports grouped by listing or member (flagged members first), and identity checks waiting',
      session: 'staff',
      data: moderationQueueSchema,
      errors: [],
    }),
    search: endpoint({
      method: 'GET',
      path: '/moderation/members',
      tag: 'Moderation',
      summary: 'Members whose e-mail or name holds the words typed',
      session: 'staff',
      query: memberSearchQuerySchema,
      data: memberHitsSchema,
      errors: [],
    }),
    record: endpoint({
      method: 'GET',
      path: '/moderation/members/{userId}',
      tag: 'Moderation',
      summary: 'A member’s record: account, listings, reports, identity checks and the audit log',
      session: 'staff',
      data: memberRecordSchema,
      errors: ['USER_NOT_FOUND'],
    }),
    memberAction: endpoint({
      method: 'POST',
      path: '/moderation/members/{userId}/actions',
      tag: 'Moderation',
      summary: 'Dismiss the open reports, warn, suspend, lift a suspension or clear the flag, with a reason',
      description:
        'Written to the audit log. Suspending ends every session of the member at once, takes their listings out of every list and refuses their sign-in (ACCOUNT_SUSPENDED); the member is told by e-mail, in their language, as are the reporters whose reports it handles.',
      session: 'staff',
      body: memberActionSchema,
      data: acknowledgementSchema,
      errors: ['USER_NOT_FOUND', 'CANNOT_TARGET_SELF', 'MODERATION_NOT_ALLOWED'],
    }),
    listingAction: endpoint({
      method: 'POST',
      path: '/moderation/listings/{id}/actions',
      tag: 'Moderation',
      summary: 'Hide a listing from every list and page, or show it again, with a reason',
      session: 'staff',
      body: listingActionSchema,
      data: acknowledgementSchema,
      errors: ['NOT_FOUND', 'CANNOT_TARGET_SELF', 'MODERATION_NOT_ALLOWED'],
    }),
    identityFile: endpoint({
      method: 'GET',
      path: '/moderation/identity/{id}/{file}',
      tag: 'Moderation',
      summary: `A picture of an identity check (${identityFiles.join(' or ')}), until it is deleted after the decision`,
      session: 'staff',
      data: acknowledgementSchema,
      produces: 'image/webp',
      errors: [],
    }),
    identityDecision: endpoint({
      method: 'POST',
      path: '/moderation/identity/{id}/decision',
      tag: 'Moderation',
      summary: 'Approve an identity check (the badge) or refuse it with a reason',
      session: 'staff',
      body: identityDecisionSchema,
      data: acknowledgementSchema,
      errors: ['NOT_FOUND', 'USER_NOT_FOUND', 'CANNOT_TARGET_SELF', 'MODERATION_NOT_ALLOWED'],
    }),
  },
  identity: {
    get: endpoint({
      method: 'GET',
      path: '/me/identity',
      tag: 'Members',
      summary: 'The member’s identity check: verified or not, and the latest check with a refusal’s reason',
      session: 'required',
      data: myIdentitySchema,
      errors: ['USER_NOT_FOUND'],
    }),
    submit: endpoint({
      method: 'POST',
      path: '/me/identity',
      tag: 'Members',
      summary: 'Send an identity document and a selfie (one picture in each part) for staff to check',
      description: 'Kept in private storage, seen by staff only, deleted 30 days after the decision.',
      session: 'required',
      body: 'images',
      maxFiles: 2,
      imageParts: ['document', 'selfie'],
      data: myIdentitySchema,
      errors: [
        'NO_FILE',
        'IMAGE_TOO_BIG',
        'IMAGE_TOO_MANY_PIXELS',
        'UNSUPPORTED_FORMAT',
        'USER_NOT_FOUND',
        'IDENTITY_CHECK_PENDING',
        'IDENTITY_ALREADY_VERIFIED',
        'RATE_LIMITED',
      ],
    }),
  },
};
