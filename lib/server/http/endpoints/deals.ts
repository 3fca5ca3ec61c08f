import 'server-only';
import { z } from '@/lib/zod';
import { imageLimits } from '@/lib/domain';
import type { ErrorCode } from '@/lib/errors';
import {
  amountInputSchema,
  conversationListSchema,
  conversationQuerySchema,
  conversationSchema,
  conversationsQuerySchema,
  handoverCodeSchema,
  messageSchema,
  openConversationSchema,
  proposalListSchema,
  proposalSchema,
  proposalsQuerySchema,
  proposeSchema,
  receiptSchema,
  sendMessageSchema,
  unreadSchema,
} from '@/lib/schemas/deals';
import { endpoint } from './declare';

// Deals: proposals and their steps, conversations, messages and the live stream.

/** Names of the request bodies in the OpenAPI document's components. */
export const dealRequestSchemas: [z.ZodType, string][] = [
  [proposeSchema, 'ProposeInput'],
  [amountInputSchema, 'AmountInput'],
  [handoverCodeSchema, 'HandoverCodeInput'],
  [openConversationSchema, 'OpenConversationInput'],
  [sendMessageSchema, 'SendMessageInput'],
  [receiptSchema, 'ReceiptInput'],
];

/** The steps of a proposal (lib/server/deals/proposals.ts has the rules of who may take which, when). */
function proposalActionEndpoints() {
  const step = <const P extends `/${string}`, B extends z.ZodType | undefined>(
    path: P,
    summary: string,
    description: string,
    body: B,
    errors: readonly ErrorCode[] = [],
  ) =>
    endpoint({
      method: 'POST',
      path,
      tag: 'Proposals',
      summary,
      description,
      session: 'required',
      body,
      data: proposalSchema,
      errors: ['PROPOSAL_NOT_FOUND', 'NOT_PARTICIPANT', 'PROPOSAL_NOT_ALLOWED', ...errors],
    });
  return {
    edit: endpoint({
      method: 'PUT',
      path: '/proposals/{id}',
      tag: 'Proposals',
      summary: 'Change the amount (the proposer, while pending); the owner answers again',
      session: 'required',
      body: amountInputSchema,
      data: proposalSchema,
      errors: [
        'PROPOSAL_NOT_FOUND',
        'NOT_PARTICIPANT',
        'PROPOSAL_NOT_ALLOWED',
        'LISTING_CLOSED',
        'MEMBER_BLOCKED',
        'RATE_LIMITED',
      ],
    }),
    cancel: step(
      '/proposals/{id}/cancel',
      'Cancel: the proposer while pending, either side of a deal before the pickup',
      'Posts a `proposal_cancelled` message.',
      undefined,
    ),
    accept: step(
      '/proposals/{id}/accept',
      'Accept: the owner a proposal, the proposer a counter-proposal',
      'Makes it a deal: phone numbers are shared and, for the parcel’s sender, the handover codes appear. On a package, the other pending proposals are declined.',
      undefined,
      ['LISTING_CLOSED', 'MEMBER_BLOCKED', 'PHONE_NOT_VERIFIED'],
    ),
    decline: step(
      '/proposals/{id}/decline',
      'Decline: the owner a proposal, the proposer a counter-proposal',
      'Posts a `proposal_declined` message.',
      undefined,
    ),
    counter: step(
      '/proposals/{id}/counter',
      'Counter-propose another amount (the owner, on their turn)',
      'Posts a `proposal_sent` message from the owner; the proposer answers.',
      amountInputSchema,
      ['LISTING_CLOSED', 'MEMBER_BLOCKED', 'RATE_LIMITED'],
    ),
    pickup: step(
      '/proposals/{id}/pickup',
      'The carrier took the parcel: they type the pickup code the sender gave them',
      'The deal, and a package listing, become in transit. Wrong codes are limited like phone codes.',
      handoverCodeSchema,
      ['INVALID_HANDOVER_CODE', 'TOO_MANY_ATTEMPTS'],
    ),
    deliver: step(
      '/proposals/{id}/deliver',
      'The carrier handed the parcel over: they type the delivery code the recipient gave them',
      'The deal becomes delivered and a package listing finished.',
      handoverCodeSchema,
      ['INVALID_HANDOVER_CODE', 'TOO_MANY_ATTEMPTS'],
    ),
  };
}

export const dealEndpoints = {
  proposals: {
    propose: endpoint({
      method: 'POST',
      path: '/proposals',
      tag: 'Proposals',
      summary: 'Propose an amount for a parcel on a package or a travel; opens the conversation about it',
      description:
        'Never on one’s own listing, only while the listing is open. A member may propose again on a listing after a declined or cancelled proposal: at most 3 in all (PROPOSAL_LIMIT_REACHED), never two pending (PROPOSAL_EXISTS). On a travel, `parcel` describes the parcel (weight, size, contents, the declaration that it holds nothing prohibited). The step is posted in the conversation as a `proposal_sent` message.',
      session: 'required',
      body: proposeSchema,
      data: proposalSchema,
      errors: [
        'NOT_FOUND',
        'PROPOSAL_SELF',
        'PROPOSAL_EXISTS',
        'PROPOSAL_LIMIT_REACHED',
        'LISTING_CLOSED',
        'MEMBER_BLOCKED',
        'PHONE_NOT_VERIFIED',
        'RATE_LIMITED',
      ],
    }),
    list: endpoint({
      method: 'GET',
      path: '/proposals',
      tag: 'Proposals',
      summary: 'The viewer’s proposals, sent and received, newest first (200 at most)',
      session: 'required',
      query: proposalsQuerySchema,
      data: proposalListSchema,
      errors: [],
    }),
    get: endpoint({
      method: 'GET',
      path: '/proposals/{id}',
      tag: 'Proposals',
      summary: 'One proposal, as the viewer sees it (participants only)',
      session: 'required',
      data: proposalSchema,
      errors: ['PROPOSAL_NOT_FOUND', 'NOT_PARTICIPANT'],
    }),
    ...proposalActionEndpoints(),
  },
  messaging: {
    list: endpoint({
      method: 'GET',
      path: '/conversations',
      tag: 'Messaging',
      summary: 'The inbox: the viewer’s conversations, newest message first (200 at most)',
      session: 'required',
      query: conversationsQuerySchema,
      data: conversationListSchema,
      errors: [],
    }),
    open: endpoint({
      method: 'POST',
      path: '/conversations',
      tag: 'Messaging',
      summary: 'Write to the owner of a listing: opens the conversation (or continues it) with a first message',
      session: 'required',
      body: openConversationSchema,
      data: conversationSchema,
      errors: ['NOT_FOUND', 'CONVERSATION_SELF', 'MEMBER_BLOCKED', 'RATE_LIMITED'],
    }),
    get: endpoint({
      method: 'GET',
      path: '/conversations/{id}',
      tag: 'Messaging',
      summary: 'A conversation and a page of its messages (participants only)',
      session: 'required',
      query: conversationQuerySchema,
      data: conversationSchema,
      errors: ['CONVERSATION_NOT_FOUND', 'NOT_PARTICIPANT'],
    }),
    send: endpoint({
      method: 'POST',
      path: '/conversations/{id}/messages',
      tag: 'Messaging',
      summary: 'Send a message',
      session: 'required',
      body: sendMessageSchema,
      data: messageSchema,
      errors: ['CONVERSATION_NOT_FOUND', 'NOT_PARTICIPANT', 'MEMBER_BLOCKED', 'RATE_LIMITED'],
    }),
    sendImage: endpoint({
      method: 'POST',
      path: '/conversations/{id}/images',
      tag: 'Messaging',
      summary: `Send a photo (one file in the part \`images\`, ${imageLimits.maxBytes / 1024 / 1024} MB at most)`,
      description:
        'The photo is re-encoded without its metadata (place, camera) and readable by the two participants only.',
      session: 'required',
      body: 'images',
      maxFiles: 1,
      data: messageSchema,
      errors: [
        'CONVERSATION_NOT_FOUND',
        'NOT_PARTICIPANT',
        'NO_FILE',
        'IMAGE_TOO_BIG',
        'IMAGE_TOO_MANY_PIXELS',
        'UNSUPPORTED_FORMAT',
        'MEMBER_BLOCKED',
        'RATE_LIMITED',
      ],
    }),
    receipts: endpoint({
      method: 'POST',
      path: '/conversations/{id}/receipts',
      tag: 'Messaging',
      summary: 'The viewer’s client received (or showed) the other side’s messages up to one',
      description:
        '`delivered` when the client got them; `read` when the conversation was open and visible. Answers the viewer’s unread count.',
      session: 'required',
      body: receiptSchema,
      data: unreadSchema,
      errors: ['CONVERSATION_NOT_FOUND', 'NOT_PARTICIPANT', 'MESSAGE_NOT_FOUND'],
    }),
    image: endpoint({
      method: 'GET',
      path: '/messages/{id}/image',
      tag: 'Messaging',
      summary: 'The photo of a message (participants only), as WebP',
      session: 'required',
      data: z.null(),
      produces: 'image/webp',
      errors: ['MESSAGE_NOT_FOUND', 'NOT_PARTICIPANT'],
    }),
    events: endpoint({
      method: 'GET',
      path: '/events',
      tag: 'Messaging',
      summary: 'The live stream of the signed-in member (Server-Sent Events): one per tab',
      description:
        'Events `message`, `receipt`, `proposal` and `unread`, each with an `id:`; a reconnecting client sends the last as `Last-Event-ID` and gets what it missed. A comment every 20 s keeps the connection open.',
      session: 'required',
      data: z.object({}),
      produces: 'text/event-stream',
      errors: ['RATE_LIMITED'],
    }),
  },
};
