import 'server-only';
import { writeToOutbox } from '@/lib/server/mail/outbox';

/** Sends a text message. The only provider today is the outbox (lib/env.ts accepts no other SMS_PROVIDER). */
export async function sendSms(to: string, text: string): Promise<void> {
  await writeToOutbox({ channel: 'sms', to, text });
}
