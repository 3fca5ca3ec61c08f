import 'server-only';
import { env } from '@/lib/env';
import { writeToOutbox } from './outbox';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes (a contact-form message to support: the sender). */
  replyTo?: string;
  /** More header fields (`List-Unsubscribe` of a newsletter). */
  headers?: Record<string, string>;
};

let transport: Promise<{ sendMail: (m: Mail & { from: string }) => Promise<unknown> }> | undefined;

/** Sends an e-mail through SMTP when SMTP_URL is set, else writes it to the outbox. */
export async function sendMail(mail: Mail): Promise<void> {
  const url = env.SMTP_URL;
  if (!url) {
    await writeToOutbox({ channel: 'email', ...mail });
    return;
  }
  transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(url));
  await (await transport).sendMail({ from: env.MAIL_FROM, ...mail });
}
