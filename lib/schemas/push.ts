import { z } from '@/lib/zod';

// Web push (lib/server/notify/push.ts): a browser's subscription as PushSubscription.toJSON() gives
// it, and what the service worker reports back.

const base64url = (bytes: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, 'pushKeyInvalid')
    .max(bytes.length);

/** POST /push/subscriptions: the push service's https URL and the browser's keys (RFC 8291). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'pushEndpointInvalid' })
    .max(1000, 'pushEndpointInvalid')
    .meta({ description: 'The push service’s URL for this browser (https only).' }),
  keys: z.object({
    p256dh: base64url('x'.repeat(100))
      .min(80, 'pushKeyInvalid')
      .meta({ description: 'P-256 public key, base64url (65 bytes).' }),
    auth: base64url('x'.repeat(30))
      .min(16, 'pushKeyInvalid')
      .meta({ description: 'Authentication secret, base64url (16 bytes).' }),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /push/subscriptions: the endpoint this browser stops receiving at. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(1000) });

/** POST /push/shown: the service worker showed the notification of this tag. */
export const pushShownSchema = z.object({ tag: z.string().min(1).max(200) });

/** GET /push/key: the application server key browsers subscribe with. */
export const pushKeySchema = z.object({
  publicKey: z.string().meta({ description: 'VAPID public key, base64url (the applicationServerKey).' }),
});

/** What a push carries to the service worker (public/sw.js reads it). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of this site the notification opens. */
  url: z.string().startsWith('/'),
  /** Notifications of one tag replace each other (one per conversation). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
