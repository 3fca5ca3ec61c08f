// A stand-in for Amazon SNS delivering Amazon SES's notifications (the outside world): it serves its
// signing certificate and answers ConfirmSubscription at /<sns.region.amazonaws.com>/..., where
// tests/e2e/sns-hosts.mjs sends the app's calls to `https://sns.<region>.amazonaws.com/...` (as a hosts
// file would), and it writes the HTTP notifications SNS posts, signed as AWS documents: the string to
// sign of the message's type, SignatureVersion 1 (SHA1withRSA) or 2 (SHA256withRSA), with the key of
// that certificate (tests/e2e/sns-stand-in.pem, a test certificate for CN=sns.amazonaws.com).
import { createSign, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const here = import.meta.dirname;
const certificate = readFileSync(path.join(here, 'sns-stand-in.pem'), 'utf8');
const key = readFileSync(path.join(here, 'sns-stand-in.key'), 'utf8');

/** The string SNS signs for a message (AWS: "Verifying the signatures of Amazon SNS messages"). */
export function snsStringToSign(message) {
  const fields =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return fields
    .filter((f) => message[f] !== undefined)
    .map((f) => `${f}\n${message[f]}\n`)
    .join('');
}

/** Signs a message as SNS does, with `signingKey` (this stand-in's, unless a test forges with another). */
export function signSns(message, version = '2', signingKey = key) {
  const signer = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  signer.update(snsStringToSign({ ...message, SignatureVersion: version }), 'utf8');
  return { ...message, SignatureVersion: version, Signature: signer.sign(signingKey, 'base64') };
}

const region = (topicArn) => topicArn.split(':')[3];
const certPath = '/SimpleNotificationService-stand-in.pem';

/** A bounce as SES notifies it (notificationType Bounce): `Permanent` puts the address on the list, `Transient` not. */
export function sesBounce(email, bounceType = 'Permanent') {
  return JSON.stringify({
    notificationType: 'Bounce',
    bounce: {
      feedbackId: randomUUID(),
      bounceType,
      bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
      bouncedRecipients: [
        { emailAddress: email, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
      ],
      timestamp: new Date().toISOString(),
      reportingMTA: 'dsn; a1-2.smtp-out.eu-west-3.amazonses.com',
    },
    mail: {
      timestamp: new Date().toISOString(),
      source: 'no-reply@colibri.tn',
      messageId: randomUUID(),
      destination: [email],
    },
  });
}

/** A complaint as SES notifies it (the recipient marked the e-mail as spam). */
export function sesComplaint(email) {
  return JSON.stringify({
    notificationType: 'Complaint',
    complaint: {
      feedbackId: randomUUID(),
      complainedRecipients: [{ emailAddress: email }],
      complaintFeedbackType: 'abuse',
      timestamp: new Date().toISOString(),
    },
    mail: {
      timestamp: new Date().toISOString(),
      source: 'no-reply@colibri.tn',
      messageId: randomUUID(),
      destination: [email],
    },
  });
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startSns() {
  /** The subscriptions confirmed through ConfirmSubscription: { topicArn, token }. */
  const confirmed = [];
  /** Every request the app made here (certificate fetches included). */
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://stand-in');
    const [, host, ...rest] = url.pathname.split('/');
    const pathname = `/${rest.join('/')}`;
    requests.push({ host, path: pathname, query: Object.fromEntries(url.searchParams) });
    if (!/^sns\.[a-z0-9-]+\.amazonaws\.com$/.test(host ?? '')) return res.writeHead(404).end();
    if (req.method === 'GET' && pathname === certPath) {
      res.writeHead(200, { 'content-type': 'application/x-x509-ca-cert' });
      return res.end(certificate);
    }
    if (req.method === 'GET' && pathname === '/' && url.searchParams.get('Action') === 'ConfirmSubscription') {
      confirmed.push({ topicArn: url.searchParams.get('TopicArn'), token: url.searchParams.get('Token') });
      res.writeHead(200, { 'content-type': 'text/xml' });
      return res.end(
        `<ConfirmSubscriptionResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><ConfirmSubscriptionResult><SubscriptionArn>${url.searchParams.get('TopicArn')}:${randomUUID()}</SubscriptionArn></ConfirmSubscriptionResult></ConfirmSubscriptionResponse>`,
      );
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const envelope = (topicArn) => ({
    MessageId: randomUUID(),
    TopicArn: topicArn,
    Timestamp: new Date().toISOString(),
    SigningCertURL: `https://sns.${region(topicArn)}.amazonaws.com${certPath}`,
  });
  return {
    url,
    confirmed,
    requests,
    /** A signed Notification carrying `message` (an SES event as JSON text). */
    notification(topicArn, message, { version = '2', subject } = {}) {
      return signSns(
        {
          Type: 'Notification',
          ...envelope(topicArn),
          ...(subject ? { Subject: subject } : {}),
          Message: message,
          UnsubscribeURL: `https://sns.${region(topicArn)}.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${topicArn}:x`,
        },
        version,
      );
    },
    /** The signed SubscriptionConfirmation SNS posts when the endpoint is subscribed to the topic. */
    subscriptionConfirmation(topicArn, { version = '2' } = {}) {
      const token = randomUUID().replace(/-/g, '');
      return signSns(
        {
          Type: 'SubscriptionConfirmation',
          ...envelope(topicArn),
          Token: token,
          Message: `You have chosen to subscribe to the topic ${topicArn}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
          SubscribeURL: `https://sns.${region(topicArn)}.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(topicArn)}&Token=${token}`,
        },
        version,
      );
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}
