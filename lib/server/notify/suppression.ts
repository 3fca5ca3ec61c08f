import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { SuppressionReason } from '@/lib/domain';
import { env } from '@/lib/env';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { emailSuppressions } from '@/lib/server/db/schema';
import { sendMail, type Mail } from './mail';
import { confirmSnsSubscription, isSignedBySns, snsMessageSchema, topicRegion } from './sns';
import { z } from '@/lib/zod';
import { logger } from '../log.mjs';

// E-mail that stops where it bounces (issue 33): Amazon SES reports hard bounces and complaints
// through SNS (POST /api/hooks/ses); each puts the address on the suppression list. A notification
// (a mail job with `notice`: alerts, digests, newsletter, unread messages, deal steps, a listing's
// expiry) is never sent to a suppressed address; what a member asks for (a password reset, a
// confirmation link, an address change) still is. The dashboard tells the member, the member's record
// tells staff; a new address receives mail again.

export type Suppression = { reason: SuppressionReason; detail: string | null; at: Date };

const lower = (email: string) => email.trim().toLowerCase();

/** Why an address receives no notification e-mail, or null. */
export async function suppressionOf(email: string, db?: Db | Tx): Promise<Suppression | null> {
  const reader = db ?? (await getDb());
  const [row] = await reader
    .select({ reason: emailSuppressions.reason, detail: emailSuppressions.detail, at: emailSuppressions.createdAt })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, lower(email)));
  return row ?? null;
}

/** The suppressed addresses among these (lower case). */
export async function suppressedAmong(emails: string[], db?: Db | Tx): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const reader = db ?? (await getDb());
  const rows = await reader
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.email, [...new Set(emails.map(lower))]));
  return new Set(rows.map((row) => row.email));
}

/** The `mail` job: a notification to a suppressed address is dropped (and said in the log); anything else is sent. */
export async function deliverMail(mail: Mail & { notice?: boolean }): Promise<'sent' | 'suppressed'> {
  const { notice, ...message } = mail;
  if (notice && (await suppressionOf(message.to))) {
    logger().info({ mail: { suppressed: true } }, 'notification not sent: the address is on the suppression list');
    return 'suppressed';
  }
  await sendMail(message);
  return 'sent';
}

// ---------------------------------------------------------------- SES through SNS

const recipients = z.array(z.object({ emailAddress: z.string().min(3).max(320) }).loose()).max(100);
const sesEvent = z
  .object({
    notificationType: z.string().optional(),
    eventType: z.string().optional(),
    bounce: z
      .object({
        bounceType: z.string(),
        bounceSubType: z.string().optional(),
        bouncedRecipients: recipients,
      })
      .loose()
      .optional(),
    complaint: z
      .object({ complainedRecipients: recipients, complaintFeedbackType: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose();

/** The addresses an SES notification puts on the list: a permanent bounce's recipients, a complaint's. */
export function suppressionsIn(
  message: string,
): { email: string; reason: SuppressionReason; detail: string; diagnostic?: string }[] {
  let parsed: z.infer<typeof sesEvent>;
  try {
    parsed = sesEvent.parse(JSON.parse(message));
  } catch {
    return [];
  }
  const type = parsed.notificationType ?? parsed.eventType;
  if (type === 'Bounce' && parsed.bounce?.bounceType === 'Permanent')
    return parsed.bounce.bouncedRecipients.map((r) => ({
      email: lower(r.emailAddress),
      reason: 'bounce' as const,
      detail: `Permanent/${parsed.bounce?.bounceSubType ?? 'General'}`,
    }));
  if (type === 'Complaint' && parsed.complaint)
    return parsed.complaint.complainedRecipients.map((r) => ({
      email: lower(r.emailAddress),
      reason: 'complaint' as const,
      detail: parsed.complaint?.complaintFeedbackType ?? 'complaint',
    }));
  return [];
}

export type SesHookOutcome = 'forged' | 'other-topic' | 'confirmed' | 'recorded' | 'ignored' | 'off';

/**
 * POST /api/hooks/ses: an SNS message. Refused unless SNS signed it for SES_SNS_TOPIC_ARN (nothing is
 * changed then); a subscription to that topic is confirmed; a bounce or a complaint is recorded.
 */
export async function receiveSesNotification(body: string): Promise<SesHookOutcome> {
  const topic = env.SES_SNS_TOPIC_ARN;
  if (!topic) return 'off';
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'forged';
  }
  const parsed = snsMessageSchema.safeParse(json);
  if (!parsed.success) return 'forged';
  const message = parsed.data;
  // The topic first: a message of another topic costs no certificate fetch.
  if (message.TopicArn !== topic) return 'other-topic';
  const region = topicRegion(topic);
  if (!(await isSignedBySns(message, region))) return 'forged';
  if (message.Type === 'SubscriptionConfirmation')
    return (await confirmSnsSubscription(message, region)) ? 'confirmed' : 'forged';
  if (message.Type !== 'Notification') return 'ignored';
  const found = suppressionsIn(message.Message);
  if (!found.length) return 'ignored';
  const db = await getDb();
  await db
    .insert(emailSuppressions)
    .values(
      found.map(({ email, reason, detail }) => ({
        email,
        reason,
        detail: detail.slice(0, 500),
        messageId: message.MessageId,
      })),
    )
    .onConflictDoNothing();
  logger().info({ ses: { suppressed: found.length, reasons: found.map((f) => f.reason) } }, 'addresses suppressed');
  return 'recorded';
}
