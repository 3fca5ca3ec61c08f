import 'server-only';
import type { PhoneCodeChannel, PhoneDeliveryStatus } from '@/lib/domain';
import { env } from '@/lib/env';
import { writeToOutbox } from './outbox';
import { sendTwilioMessage } from './twilio';

// Text messages out: to the outbox (SMS_PROVIDER=outbox, the default: tests and the demo read codes in
// DATA_DIR/outbox), or through Twilio (SMS_PROVIDER=twilio), by SMS or WhatsApp.

export type TextMessage = {
  to: string;
  channel: PhoneCodeChannel;
  text: string;
  /** The code alone (WhatsApp's template variable). */
  code?: string;
  /** Where the provider reports what became of the message. */
  statusCallback: string;
};

/** Who took the message and what it said of it; a refusal for good has `status: 'failed'` and its code. */
export type Handed = {
  provider: 'outbox' | 'twilio';
  providerId?: string;
  status: PhoneDeliveryStatus;
  errorCode?: string;
};

/** The channels phone codes may go by here: SMS always, WhatsApp when Twilio's WhatsApp sender is set. */
export function phoneCodeChannelsHere(): PhoneCodeChannel[] {
  return env.SMS_PROVIDER === 'twilio' && env.TWILIO_WHATSAPP_FROM && env.TWILIO_WHATSAPP_CODE_TEMPLATE
    ? ['whatsapp', 'sms']
    : ['sms'];
}

/** Sends one text message; throws when another try may succeed (the job retries it). */
export async function sendText(message: TextMessage): Promise<Handed> {
  if (env.SMS_PROVIDER !== 'twilio') {
    await writeToOutbox({ channel: 'sms', to: message.to, text: message.text });
    // The outbox is where the message goes: it is there.
    return { provider: 'outbox', status: 'delivered' };
  }
  const outcome = await sendTwilioMessage({
    to: message.to,
    channel: message.channel,
    body: message.text,
    code: message.code,
    statusCallback: message.statusCallback,
  });
  return outcome.accepted
    ? { provider: 'twilio', providerId: outcome.sid, status: outcome.status }
    : { provider: 'twilio', status: 'failed', errorCode: outcome.errorCode };
}
