import 'server-only';
import type { z } from '@/lib/zod';
import { acknowledgementSchema } from '@/lib/schemas/api';
import { pushKeySchema, pushShownSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@/lib/schemas/push';
import { unsubscribeQuerySchema } from '@/lib/schemas/member';
import { endpoint } from './declare';

// Web push (issue 23, lib/server/notify/push.ts): a browser of the member subscribes and unsubscribes;
// its service worker says which notification it showed (a conversation's, lib/server/deals/unread-mail.ts).
// And the one-click unsubscribe of notification e-mails (issue 33, lib/server/notify/unsubscribe.ts).

export const pushRequestSchemas: [z.ZodType, string][] = [
  [pushSubscriptionSchema, 'PushSubscriptionInput'],
  [pushUnsubscribeSchema, 'PushUnsubscribeInput'],
  [pushShownSchema, 'PushShownInput'],
];

/** Answers named in the document's components. */
export const pushAnswerSchemas: [z.ZodType, { id: string; description: string }][] = [
  [pushKeySchema, { id: 'PushKey', description: 'The VAPID public key (applicationServerKey).' }],
];

export const pushEndpoints = {
  push: {
    key: endpoint({
      method: 'GET',
      path: '/push/key',
      tag: 'Members',
      summary: 'The VAPID public key a browser subscribes to web push with',
      session: 'required',
      data: pushKeySchema,
      errors: [],
    }),
    subscribe: endpoint({
      method: 'POST',
      path: '/push/subscriptions',
      tag: 'Members',
      summary: 'This browser receives the member’s pushes (an endpoint already known moves to this member)',
      session: 'required',
      body: pushSubscriptionSchema,
      data: acknowledgementSchema,
      errors: ['RATE_LIMITED'],
    }),
    unsubscribe: endpoint({
      method: 'DELETE',
      path: '/push/subscriptions',
      tag: 'Members',
      summary: 'This browser stops receiving the member’s pushes',
      session: 'required',
      body: pushUnsubscribeSchema,
      data: acknowledgementSchema,
      errors: [],
    }),
    shown: endpoint({
      method: 'POST',
      path: '/push/shown',
      tag: 'Members',
      summary: 'The service worker showed a notification: its conversation needs no unread-messages e-mail',
      session: 'required',
      body: pushShownSchema,
      data: acknowledgementSchema,
      errors: [],
    }),
  },
  notifications: {
    unsubscribe: endpoint({
      method: 'POST',
      path: '/notifications/unsubscribe',
      tag: 'Members',
      summary: 'One-click unsubscribe: the token of a notification e-mail turns that kind of e-mail off',
      description:
        'The `List-Unsubscribe` address of the e-mails about new messages, proposals and deal steps (RFC 8058: a mail client posts `List-Unsubscribe=One-Click`, which is ignored), and the button of the page their last line opens; no session. The member turns them on again in parametres.',
      query: unsubscribeQuerySchema,
      data: acknowledgementSchema,
      errors: ['UNSUBSCRIBE_LINK_INVALID'],
    }),
  },
};
