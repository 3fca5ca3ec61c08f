import 'server-only';
import { writeToOutbox } from './outbox';

/** Sends a text message. The only provider today is the outbox (SMS_PROVIDER=outbox, the default). */
export async function sendSms(to: string, text: string): Promise<void> {
  const provider = process.env.SMS_PROVIDER || 'outbox';
  if (provider !== 'outbox') throw new Error(`Unknown SMS_PROVIDER "${provider}"`);
  await writeToOutbox({ channel: 'sms', to, text });
}
