import 'server-only';
import { randomBytes } from 'node:crypto';
import { contactRules } from '@/lib/domain';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import type { ContactMessage } from '@/lib/schemas/contact';
import { getDb } from '@/lib/server/db/client';
import { contactMessages } from '@/lib/server/db/schema';
import { useCaptcha, verifyCaptcha } from './captcha';
import { hit } from '@/lib/server/limits';
import { enqueue } from '@/lib/server/jobs/queue';
import { translator } from '@/lib/server/translate';

// The contact form: a message is kept in the database and sent to SUPPORT_EMAIL, and its sender gets
// a copy that says when to expect a reply. Nothing is kept or sent unless the captcha is solved, and
// a solution serves once.

/**
 * Stores a message and e-mails it. Order: the limit per client address, the captcha (checked, not
 * yet used), the limit per sender address (each try costs a solved captcha), then the message, the
 * captcha's use and the two e-mails' jobs in one transaction (a replayed solution leaves nothing).
 */
export async function sendContactMessage(
  input: ContactMessage,
  context: { address: string; userId: string | null },
): Promise<void> {
  await hit('contactPerAddress', context.address);
  const solved = await verifyCaptcha(input.altcha);
  await hit('contactPerSender', input.email);
  const id = randomBytes(12).toString('base64url');
  const db = await getDb();
  await db.transaction(async (tx) => {
    await useCaptcha(tx, solved);
    await tx.insert(contactMessages).values({
      id,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      locale: input.locale,
      userId: context.userId,
    });
    await enqueue(tx, 'mail', toSupport(id, input));
    await enqueue(tx, 'mail', copyToSender(input));
  });
}

function toSupport(id: string, input: ContactMessage) {
  const t = translator('fr', 'Emails');
  return {
    to: env.SUPPORT_EMAIL,
    replyTo: input.email,
    subject: t('contactSupportSubject', { subject: input.subject }),
    text: t('contactSupportText', {
      id,
      name: input.name,
      email: input.email,
      locale: input.locale,
      subject: input.subject,
      message: input.message,
    }),
  };
}

/** The sender's receipt: none of the text typed, so that the form cannot mail anyone a text of one's choosing. */
function copyToSender(input: ContactMessage) {
  const t = translator(input.locale as Locale, 'Emails');
  return {
    to: input.email,
    subject: t('contactCopySubject'),
    text: t('contactCopyText', { hours: contactRules.replyHours }),
  };
}
