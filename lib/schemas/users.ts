import { z } from '@/lib/zod';
import { locales } from '@/lib/i18n/locales';
import { phoneCodeChannels, phoneDeliveryStatuses } from '@/lib/domain';

// The API's answers about people (lib/server/members/accounts.ts returns these types; the OpenAPI document
// names them). Answers are strict: a field the schema does not know is an error in the contract test.

export const verifiedSchema = z.object({ email: z.boolean(), phone: z.boolean(), identity: z.boolean() });

/** What the browser mirrors in localStorage `user` (DESIGN.md "Session"). */
export const mirrorUserSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  verifiedPhone: z.boolean(),
  unreadMessages: z.number().int().min(0),
});
export type MirrorUser = z.infer<typeof mirrorUserSchema>;

export const publicUserSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string().meta({ description: 'Only the initial, unless the user is the viewer.' }),
  avatar: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().min(0),
  verified: verifiedSchema,
  memberSince: z.iso.datetime(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const ownUserSchema = publicUserSchema.extend({
  email: z.email(),
  phone: z.string().nullable(),
  verifiedPhone: z.boolean(),
  unreadMessages: z.number().int().min(0),
  locale: z.enum(locales),
});
export type OwnUser = z.infer<typeof ownUserSchema>;

export const userProfileSchema = z.union([ownUserSchema, publicUserSchema]);

export const phoneCodeSentSchema = z.object({
  phone: z.string().meta({ description: 'The number in E.164 form.' }),
  channel: z.enum(phoneCodeChannels).meta({
    description:
      'How the code goes: the channel asked for, or SMS when WhatsApp could not deliver to this number before.',
  }),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

/** GET users/{userId}/confirm-phone: the code waiting for the member, and what became of its message. */
export const pendingPhoneSchema = z
  .object({
    phone: z.string().meta({ description: 'The number in E.164 form.' }),
    channel: z.enum(phoneCodeChannels),
    delivery: z.enum(phoneDeliveryStatuses).meta({
      description:
        'What the provider last said of the message: `undelivered` or `failed` means the code did not arrive (ask again, by the other channel).',
    }),
    channels: z.array(z.enum(phoneCodeChannels)).meta({ description: 'The channels a code may go by here.' }),
    resendInSeconds: z.number().int().min(0),
    expiresInSeconds: z.number().int().min(0),
  })
  .nullable();
export type PendingPhone = NonNullable<z.infer<typeof pendingPhoneSchema>>;
