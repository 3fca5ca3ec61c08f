import 'server-only';
import { listingKinds, notificationKinds, phoneCodeChannels } from '@/lib/domain';
import { pushPayloadSchema } from '@/lib/schemas/push';
import { storageAreas } from '@/lib/server/storage/driver';
import { z } from '@/lib/zod';

// The background jobs, named once: each queue's payload (checked when enqueued and when run), its
// retries and, for the sweeps, when it runs. The handlers are in ./handlers.ts; the queue in ./queue.ts.

const mail = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /**
   * A notification (alerts, digests, newsletter, unread messages, deal steps, a listing's expiry), not
   * something the member asked for: never sent to an address on the suppression list (lib/server/notify/suppression.ts).
   */
  notice: z.boolean().optional(),
});

export const jobDefinitions = {
  /** One e-mail, through SMTP or the outbox (notify/mail.ts); its text may hold a link that signs or confirms, its headers a link that unsubscribes (both sealed). */
  mail: { payload: mail, retryLimit: 8, retryDelay: 15, retryBackoff: true, sealed: ['text', 'headers'] },
  /**
   * One phone code (lib/server/notify/phone-messages.ts) by SMS or WhatsApp: a code is worth little after
   * its lifetime, so fewer tries. `messageId`: its phone_messages row, where its status is kept.
   */
  sms: {
    payload: z.object({
      to: z.string().min(1),
      text: z.string(),
      channel: z.enum(phoneCodeChannels).optional(),
      /** The code alone: WhatsApp's authentication template takes it as its variable. */
      code: z.string().optional(),
      messageId: z.string().optional(),
    }),
    retryLimit: 4,
    retryDelay: 5,
    retryBackoff: true,
    sealed: ['text', 'code'],
  },
  /** A new listing matched against the route alerts (lib/server/public/alerts.ts). */
  'alert-match': {
    payload: z.object({ kind: z.enum(listingKinds), id: z.string().min(1) }),
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
  },
  /** The sweep of alert digests that waited for their day. */
  'alert-digests': { payload: z.object({}), retryLimit: 1, retryDelay: 60, retryBackoff: false, cron: '*/15 * * * *' },
  /** The stored files of what a delete removed (lib/server/storage): retried until every folder is gone. */
  'remove-files': {
    payload: z.object({
      folders: z.array(z.object({ area: z.enum(storageAreas), folder: z.string().min(1) })).min(1),
    }),
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
  },
  /** A decided identity check's pictures, deleted `identityRules.keepDays` after the decision (lib/server/moderation/identity.ts). */
  'identity-files': {
    payload: z.object({ checkId: z.string().min(1) }),
    retryLimit: 8,
    retryDelay: 60,
    retryBackoff: true,
  },
  /**
   * Unread messages of a conversation by e-mail (lib/server/deals/unread-mail.ts): a `short` queue, so
   * one job waits per conversation and recipient (its singletonKey) and later messages join it.
   */
  'unread-mail': {
    payload: z.object({ conversationId: z.string().min(1), userId: z.string().min(1) }),
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    policy: 'short',
  },
  /** One push to a member's browsers (lib/server/notify/push.ts), held through their quiet hours. */
  push: {
    payload: z.object({ userId: z.string().min(1), kind: z.enum(notificationKinds), payload: pushPayloadSchema }),
    retryLimit: 4,
    retryDelay: 30,
    retryBackoff: true,
  },
  /** Rows past their use: rate-limit counters, live events, expired sessions and links, captcha replays. */
  prune: { payload: z.object({}), retryLimit: 1, retryDelay: 60, retryBackoff: false, cron: '7 * * * *' },
  /** A reset or confirmation link for an address typed, made only if it has an account (the answer is the same for any). */
  'account-link': {
    payload: z.object({ link: z.enum(['confirm', 'reset']), email: z.string().min(1) }),
    retryLimit: 5,
    retryDelay: 15,
    retryBackoff: true,
  },
  /** The steps of a deal that came within 10 minutes of its last e-mail, told in one e-mail at the window's end. */
  'deal-mail-later': {
    payload: z.object({
      conversationId: z.string().min(1),
      recipientId: z.string().min(1),
      actorId: z.string().min(1),
    }),
    retryLimit: 5,
    retryDelay: 15,
    retryBackoff: true,
  },
  /** Listings that follow their dates (lib/server/listings/lifecycle.ts): active, expired, their owners told. */
  'listing-lifecycle': {
    payload: z.object({}),
    retryLimit: 1,
    retryDelay: 60,
    retryBackoff: false,
    cron: '*/5 * * * *',
  },
  /**
   * A backup of the database to storage, then the retention (lib/server/db/backup.ts): every day at
   * 02:17 UTC, on one instance (the schedule is pg-boss's, in the database). A dump of a large database
   * takes minutes: the job counts as lost only after 3 hours.
   */
  backup: {
    payload: z.object({}),
    retryLimit: 2,
    retryDelay: 600,
    retryBackoff: false,
    cron: '17 2 * * *',
    expireInSeconds: 3 * 3600,
  },
  /**
   * Visits (lib/server/traffic/rollup.ts): the figures of each day that is over, written for good; events
   * past 30 days, the salts of past days and deleted listings' counts removed. Hourly, so a day is rolled
   * up in the first hour of the next and a missed run catches up.
   */
  'traffic-rollup': {
    payload: z.object({}),
    retryLimit: 1,
    retryDelay: 300,
    retryBackoff: false,
    cron: '17 * * * *',
  },
} as const satisfies Record<
  string,
  {
    payload: z.ZodType<object>;
    retryLimit: number;
    retryDelay: number;
    retryBackoff: boolean;
    cron?: string;
    policy?: 'short';
    expireInSeconds?: number;
    /** Payload fields stored encrypted in the job tables (./seal.ts). */
    sealed?: readonly string[];
  }
>;

/** The fields of a queue's payload kept sealed in the job tables. */
export function sealedFields(name: JobName): readonly string[] {
  const definition = jobDefinitions[name];
  return 'sealed' in definition ? definition.sealed : [];
}

export type JobName = keyof typeof jobDefinitions;
export type JobData<N extends JobName> = z.infer<(typeof jobDefinitions)[N]['payload']>;
export const jobNames = Object.keys(jobDefinitions) as JobName[];
