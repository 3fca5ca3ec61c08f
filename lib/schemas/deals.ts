import { z } from '@/lib/zod';
import {
  currencies,
  handoverCodeLength,
  listingKinds,
  messageKinds,
  messageLimits,
  messageStatuses,
  parcelSizes,
  proposalActions,
  proposalAmount,
  proposalStatuses,
  proposalRules,
  proposalTurns,
} from '@/lib/domain';
import { listingSummarySchema } from './listings';

// Deals between members: proposals and counter-proposals, conversations and their messages, the
// handover codes, and the events of the live stream. Requests first (messages are keys of the
// `Validation` namespace), then the answers lib/server/deals/proposals.ts and messaging.ts return.

const amount = z.coerce
  .number({ error: 'amountRequired' })
  .positive('amountRequired')
  .max(proposalAmount.max, 'amountTooHigh')
  .meta({ description: 'The total for the parcel, in the listing’s currency.' });

/** Which listing: `{ "listingKind": "package", "listingId": "..." }`. */
const listingRef = {
  listingKind: z.enum(listingKinds, { error: 'listingKindUnknown' }),
  listingId: z.string().trim().min(1, 'required').max(64, 'tooLong'),
};

/** The parcel a proposal on a trip is for: the traveller reads it before accepting. */
export const parcelInputSchema = z.object({
  weightKg: z.coerce
    .number({ error: 'weightPositive' })
    .positive('weightPositive')
    .max(proposalRules.parcelWeightMaxKg, 'weightPositive'),
  size: z.enum(parcelSizes, { error: 'parcelSizeRequired' }),
  contents: z
    .string({ error: 'parcelContentsRequired' })
    .trim()
    .min(proposalRules.contentsMin, 'parcelContentsRequired')
    .max(proposalRules.contentsMax, 'tooLong')
    .meta({ description: 'What the parcel holds, in words.' }),
  noProhibitedItems: z
    .literal(true, { error: 'prohibitedDeclarationRequired' })
    .meta({ description: 'The proposer declares that the parcel holds nothing prohibited (must be true).' }),
});
export type ParcelInput = z.infer<typeof parcelInputSchema>;

export const proposeSchema = z
  .object({
    ...listingRef,
    amount,
    parcel: parcelInputSchema.optional().meta({
      description: 'Required on a trip (listingKind travel); ignored on a package, whose listing describes it.',
    }),
  })
  .superRefine((value, ctx) => {
    if (value.listingKind === 'travel' && !value.parcel)
      ctx.addIssue({ code: 'custom', path: ['parcel'], message: 'parcelRequired' });
  });
export type ProposeInput = z.infer<typeof proposeSchema>;

export const amountInputSchema = z.object({ amount });

export const handoverCodeSchema = z.object({
  code: z
    .string({ error: 'handoverCodeInvalid' })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${handoverCodeLength}}$`), 'handoverCodeInvalid'))
    .meta({ description: `The ${handoverCodeLength} digits the parcel’s sender gave (spaces are ignored).` }),
});

export const proposalsQuerySchema = z.object({
  role: z
    .enum(['sent', 'received'], { error: 'required' })
    .optional()
    .meta({ description: 'Proposals the viewer made, or received on their listings; both without it.' }),
  listingKind: listingRef.listingKind.optional(),
  listingId: listingRef.listingId.optional().meta({ description: 'With listingKind: the proposals on one listing.' }),
});
export type ProposalsQuery = z.infer<typeof proposalsQuerySchema>;

const body = z
  .string({ error: 'messageRequired' })
  .trim()
  .min(1, 'messageRequired')
  .max(messageLimits.bodyMax, 'tooLong');

export const openConversationSchema = z.object({
  ...listingRef,
  body: body.optional().meta({
    description:
      'The first message; without it, a greeting that expresses interest in the listing, in the caller’s language.',
  }),
});
export type OpenConversationInput = z.infer<typeof openConversationSchema>;

export const sendMessageSchema = z.object({ body });

export const conversationsQuerySchema = z.object({
  listingKind: listingRef.listingKind.optional(),
  listingId: listingRef.listingId
    .optional()
    .meta({ description: 'With listingKind: the viewer’s conversation about one listing, if any.' }),
});

export const conversationQuerySchema = z.object({
  before: z.string().max(64).optional().meta({ description: 'A message id: the page of older messages before it.' }),
});

export const receiptSchema = z.object({
  status: z.enum(['delivered', 'read'], { error: 'required' }),
  upTo: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: 'The newest message the client received (or showed): it and every earlier one.' }),
});

// ---------------------------------------------------------------- answers

export const personSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  avatar: z.string().nullable(),
});

export const proposalSchema = z.object({
  id: z.string(),
  listing: listingSummarySchema,
  conversationId: z.string(),
  /** The viewer's side of the proposal. */
  role: z.enum(['proposer', 'owner']).meta({ description: 'The viewer made the proposal, or owns the listing.' }),
  /** The viewer's side of the parcel's journey. */
  parcelRole: z.enum(['sender', 'carrier']).meta({ description: 'The viewer sends the parcel, or carries it.' }),
  proposer: personSchema,
  owner: personSchema,
  amount: z.number().meta({ description: 'The proposer’s amount for the whole parcel.' }),
  counterAmount: z.number().nullable().meta({ description: 'The owner’s counter-proposal, while it stands.' }),
  agreedAmount: z.number().nullable().meta({ description: 'The amount of the deal, once accepted.' }),
  currency: z.enum(currencies),
  status: z.enum(proposalStatuses),
  turn: z.enum(proposalTurns).nullable().meta({ description: 'Pending: who answers next.' }),
  actions: z.array(z.enum(proposalActions)).meta({ description: 'What the viewer may do now.' }),
  handover: z
    .object({ pickupCode: z.string(), deliveryCode: z.string() })
    .nullable()
    .meta({ description: 'The parcel’s sender only, on a deal: the codes to give the carrier.' }),
  contact: z.object({ phone: z.string().nullable() }).nullable().meta({
    description:
      'The other side’s phone number, on a deal only (null before, and on an expired listing); null inside when they have none.',
  }),
  parcel: z
    .object({
      weightKg: z.number(),
      size: z.enum(parcelSizes),
      contents: z.string(),
      noProhibitedItems: z.boolean(),
    })
    .nullable()
    .meta({ description: 'On a trip: the parcel the proposer sends, as they described it. Null on a package.' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  acceptedAt: z.iso.datetime().nullable(),
  pickedUpAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalListSchema = z.object({ items: z.array(proposalSchema) });

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  kind: z.enum(messageKinds),
  body: z.string(),
  image: z
    .object({ url: z.string(), width: z.number().int(), height: z.number().int() })
    .nullable()
    .meta({ description: 'An attached photo, readable by the two participants only.' }),
  proposalId: z.string().nullable(),
  amount: z.number().nullable().meta({ description: 'A step of the deal: the amount it named.' }),
  currency: z.enum(currencies).nullable(),
  status: z.enum(messageStatuses),
  createdAt: z.iso.datetime(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  listing: listingSummarySchema,
  role: z.enum(['owner', 'contact']).meta({ description: 'The viewer owns the listing, or wrote about it.' }),
  counterpart: personSchema,
  lastMessage: messageSchema.nullable(),
  unread: z.number().int().min(0),
  proposal: proposalSchema.nullable().meta({ description: 'The proposal between the two on this listing, if any.' }),
  lastMessageAt: z.iso.datetime(),
  blocked: z
    .boolean()
    .meta({ description: 'The viewer blocked the other side: the conversation is closed until they unblock.' }),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({ items: z.array(conversationSummarySchema) });

export const conversationSchema = conversationSummarySchema.extend({
  messages: z.array(messageSchema).meta({ description: 'Oldest first.' }),
  olderCursor: z.string().nullable().meta({ description: 'Pass as `before` for the older messages.' }),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const unreadSchema = z.object({ unread: z.number().int().min(0) });

// ---------------------------------------------------------------- the live stream (GET /events)

/** What a signed-in tab hears, each as one Server-Sent Event whose `event:` is the type. */
export const liveEventSchemas = {
  /** A new message in one of the member's conversations (theirs too, for their other tabs). */
  message: z.object({ message: messageSchema, unread: z.number().int().min(0) }),
  /** The other side received or read the member's messages, up to one. */
  receipt: z.object({
    conversationId: z.string(),
    status: z.enum(['delivered', 'read']),
    upTo: z.string(),
  }),
  /** A step of a proposal the member is part of, as the member sees it. */
  proposal: z.object({ proposal: proposalSchema }),
  /** The member's unread count changed (they read messages in another tab). */
  unread: unreadSchema,
  /** The events since the tab's Last-Event-ID are gone (kept 3 days): it must load its data again. */
  reset: z.object({}),
} as const;
export type LiveEventType = keyof typeof liveEventSchemas;
export type LiveEvent = {
  [T in LiveEventType]: { type: T; payload: z.infer<(typeof liveEventSchemas)[T]> };
}[LiveEventType];
