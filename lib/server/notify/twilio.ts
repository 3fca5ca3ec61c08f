import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PhoneCodeChannel, PhoneDeliveryStatus } from '@/lib/domain';
import { env } from '@/lib/env';

// Twilio, spoken directly (no SDK): the Messages API for SMS and WhatsApp, and the signature of its
// status callbacks. TWILIO_API_URL is Twilio's address unless a test points it at a stand-in that
// speaks the same API (tests/stand-ins/twilio.mjs).

export type TwilioMessage = {
  to: string;
  channel: PhoneCodeChannel;
  /** The SMS text. */
  body: string;
  /** WhatsApp: the authentication template's variable (the code). */
  code?: string;
  statusCallback: string;
};

/** Twilio took the message (`sid`), or refused it for good (a 4xx such as an invalid or unreachable number). */
export type TwilioOutcome =
  | { accepted: true; sid: string; status: PhoneDeliveryStatus }
  | { accepted: false; errorCode: string; httpStatus: number };

/** A failure worth another try (429, 5xx, the network): the job is retried with backoff. */
export class TwilioUnavailable extends Error {}

/** Twilio's statuses, grouped as the phone step tells them (lib/domain.ts phoneDeliveryStatuses). */
export function deliveryStatusOf(twilioStatus: string): PhoneDeliveryStatus | undefined {
  switch (twilioStatus) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
      return 'queued';
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return undefined;
  }
}

function credentials() {
  const sid = env.TWILIO_ACCOUNT_SID;
  const token = env.TWILIO_AUTH_TOKEN;
  if (!sid || !token) throw new Error('Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN)');
  return { sid, token };
}

/** The form Twilio's Messages API takes for one message. */
export function messageForm(message: TwilioMessage): URLSearchParams {
  const form = new URLSearchParams();
  if (message.channel === 'whatsapp') {
    if (!env.TWILIO_WHATSAPP_FROM || !env.TWILIO_WHATSAPP_CODE_TEMPLATE || !message.code)
      throw new Error('WhatsApp codes need TWILIO_WHATSAPP_FROM, TWILIO_WHATSAPP_CODE_TEMPLATE and the code');
    form.set('To', `whatsapp:${message.to}`);
    form.set('From', env.TWILIO_WHATSAPP_FROM);
    form.set('ContentSid', env.TWILIO_WHATSAPP_CODE_TEMPLATE);
    form.set('ContentVariables', JSON.stringify({ 1: message.code }));
  } else {
    form.set('To', message.to);
    if (env.TWILIO_MESSAGING_SERVICE_SID) form.set('MessagingServiceSid', env.TWILIO_MESSAGING_SERVICE_SID);
    else if (env.TWILIO_FROM) form.set('From', env.TWILIO_FROM);
    form.set('Body', message.body);
  }
  form.set('StatusCallback', message.statusCallback);
  return form;
}

/**
 * POST /2010-04-01/Accounts/{sid}/Messages.json with Basic auth. Throws TwilioUnavailable when
 * another try may succeed; answers a refusal (4xx) as final.
 */
export async function sendTwilioMessage(message: TwilioMessage): Promise<TwilioOutcome> {
  const { sid, token } = credentials();
  let answer: Response;
  try {
    answer = await fetch(`${env.TWILIO_API_URL}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: messageForm(message),
      signal: AbortSignal.timeout(15_000),
      redirect: 'error',
    });
  } catch (error) {
    throw new TwilioUnavailable(`Twilio unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const json: unknown = await answer.json().catch(() => null);
  const field = (name: string) =>
    typeof json === 'object' && json !== null && name in json ? (json as Record<string, unknown>)[name] : undefined;
  if (answer.status === 429 || answer.status >= 500)
    throw new TwilioUnavailable(`Twilio answered ${answer.status} (${String(field('code') ?? '')})`);
  if (!answer.ok)
    return { accepted: false, errorCode: String(field('code') ?? answer.status), httpStatus: answer.status };
  const messageSid = field('sid');
  if (typeof messageSid !== 'string') throw new TwilioUnavailable('Twilio answered without a message sid');
  return { accepted: true, sid: messageSid, status: deliveryStatusOf(String(field('status'))) ?? 'queued' };
}

/**
 * X-Twilio-Signature as Twilio computes it: base64 of HMAC-SHA1, keyed by the auth token, of the full
 * URL it requested followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) for (const value of params.getAll(name).sort()) data += name + value;
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether a callback's signature is Twilio's for this URL and these parameters (compared in constant time). */
export function isTwilioSigned(url: string, params: URLSearchParams, signature: string | null): boolean {
  const token = env.TWILIO_AUTH_TOKEN;
  if (!token || !signature) return false;
  const expected = Buffer.from(twilioSignature(token, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
