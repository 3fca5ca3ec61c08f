import 'server-only';
import { X509Certificate, createVerify } from 'node:crypto';
import { z } from '@/lib/zod';

// Amazon SNS's HTTPS notifications, verified as AWS documents it ("Verifying the signatures of Amazon
// SNS messages"): the certificate comes only from an https://sns.<region>.amazonaws.com address (of the
// topic's region), fetched once and kept; the signature (SignatureVersion 1: SHA1withRSA, 2:
// SHA256withRSA) covers the documented string to sign; a subscription is confirmed by fetching its
// SubscribeURL, from such an address too. Nothing here decides what a message means (./suppression.ts).

export const snsMessageSchema = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1).max(200),
  TopicArn: z.string().min(1).max(400),
  Message: z.string().max(256 * 1024),
  Timestamp: z.string().min(1).max(100),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1).max(2000),
  SigningCertURL: z.string().min(1).max(1000),
  Subject: z.string().max(1000).optional(),
  Token: z.string().max(2000).optional(),
  SubscribeURL: z.string().max(2000).optional(),
  UnsubscribeURL: z.string().max(2000).optional(),
});
export type SnsMessage = z.infer<typeof snsMessageSchema>;

/** The region of a topic ARN (`arn:aws:sns:eu-west-3:123456789012:colibri-ses`). */
export const topicRegion = (arn: string) => arn.split(':')[3] ?? '';

/** An address of SNS itself in that region: https, host `sns.<region>.amazonaws.com` (or `.com.cn`), default port. */
export function isSnsAddress(address: string, region: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    !url.username &&
    !url.password &&
    /^[a-z0-9-]+$/.test(region) &&
    (host === `sns.${region}.amazonaws.com` || host === `sns.${region}.amazonaws.com.cn`)
  );
}

/** The string SNS signs: the documented fields of the message's type, each name and value on a line. */
export function stringToSign(message: SnsMessage): string {
  const fields =
    message.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : (['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const);
  let text = '';
  for (const field of fields) {
    const value = message[field];
    // A notification without a subject leaves the Subject line out.
    if (value === undefined) continue;
    text += `${field}\n${value}\n`;
  }
  return text;
}

const certificates = new Map<string, Promise<X509Certificate>>();

/** The signing certificate, fetched once per address (at most a few kept); a failed fetch is forgotten. */
async function certificate(address: string): Promise<X509Certificate> {
  let pending = certificates.get(address);
  if (!pending) {
    pending = fetch(address, { signal: AbortSignal.timeout(10_000), redirect: 'error' }).then(async (answer) => {
      if (!answer.ok) throw new Error(`SNS certificate: ${answer.status}`);
      return new X509Certificate(await answer.text());
    });
    pending.catch(() => certificates.delete(address));
    if (certificates.size >= 8) certificates.delete(certificates.keys().next().value!);
    certificates.set(address, pending);
  }
  return pending;
}

/**
 * Whether a message is SNS's, signed for a topic of `region`: its certificate's address, the
 * certificate's dates, and the signature of its string to sign.
 */
export async function isSignedBySns(message: SnsMessage, region: string): Promise<boolean> {
  if (!isSnsAddress(message.SigningCertURL, region) || !new URL(message.SigningCertURL).pathname.endsWith('.pem'))
    return false;
  let cert: X509Certificate;
  try {
    cert = await certificate(message.SigningCertURL);
  } catch {
    return false;
  }
  const now = Date.now();
  if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo)) return false;
  const verifier = createVerify(message.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  verifier.update(stringToSign(message), 'utf8');
  try {
    return verifier.verify(cert.publicKey, message.Signature, 'base64');
  } catch {
    return false;
  }
}

/** Confirms a subscription: a GET of its SubscribeURL, an address of SNS in the topic's region only. */
export async function confirmSnsSubscription(message: SnsMessage, region: string): Promise<boolean> {
  if (!message.SubscribeURL || !isSnsAddress(message.SubscribeURL, region)) return false;
  const answer = await fetch(message.SubscribeURL, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  return answer.ok;
}
