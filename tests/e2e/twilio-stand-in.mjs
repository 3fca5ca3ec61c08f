// A stand-in for Twilio (the outside world; there is no internet here), speaking its Messages API as
// the app calls it (TWILIO_API_URL points here): POST /2010-04-01/Accounts/{AccountSid}/Messages.json
// with Basic auth (the account SID and auth token), a form body, a JSON answer like Twilio's (201 with
// the message's sid, or Twilio's error codes). Then, like Twilio, it posts the message's status
// callbacks to its StatusCallback (queued is not sent; sent, then delivered, undelivered or failed),
// each signed with X-Twilio-Signature exactly as Twilio computes it: base64 of HMAC-SHA1, keyed by the
// auth token, of the full URL followed by each parameter's name and value sorted by name.
// Tests choose what happens to a number (`outcome`), or that the API itself refuses (`refuseNext`).
// `deliver` posts a callback: by HTTP (a real server), or into a route handler (the API tests).
// GET /_stand-in/phone/{number} draws what the phone shows: the messages delivered to it, as a member sees them.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

/** X-Twilio-Signature of a POST to `url` with these form parameters. */
export function twilioSignature(authToken, url, params) {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) for (const value of params.getAll(name).sort()) data += name + value;
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const sid = (prefix) => prefix + randomBytes(16).toString('hex');
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Starts the stand-in on a free port of 127.0.0.1 (or `port`).
 * @param {{ accountSid: string, authToken: string, port?: number, deliver?: (url: string, body: string, headers: Record<string, string>) => Promise<number> }} account
 */
export async function startTwilio({ accountSid, authToken, port = 0, deliver }) {
  /** Every message the API took or refused, oldest first. */
  const messages = [];
  /** number (E.164, without `whatsapp:`) → { sms?, whatsapp? }: the final status of its next messages. */
  const outcomes = new Map();
  /** The API's next answers, whatever the message: [{ status, code }]. */
  const refusals = [];
  const pending = new Set();
  const post =
    deliver ??
    (async (url, body, headers) => (await fetch(url, { method: 'POST', headers, body, redirect: 'manual' })).status);

  async function callback(message, status, errorCode) {
    const params = new URLSearchParams({
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
      MessageSid: message.sid,
      SmsSid: message.sid,
      MessageStatus: status,
      SmsStatus: status,
      From: message.from,
      To: message.to,
      ...(message.channel === 'whatsapp' ? { ChannelPrefix: 'whatsapp' } : {}),
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    });
    const body = params.toString();
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, message.statusCallback, params),
      'user-agent': 'TwilioProxy/1.1',
    };
    message.callbacks.push({ status, answer: await post(message.statusCallback, body, headers) });
  }

  function settle(message) {
    const number = message.to.replace(/^whatsapp:/, '');
    const final = outcomes.get(number)?.[message.channel] ?? 'delivered';
    message.final = final;
    const errorCode =
      final === 'undelivered'
        ? message.channel === 'whatsapp'
          ? '63016'
          : '30003'
        : final === 'failed'
          ? '30008'
          : undefined;
    const run = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (final !== 'failed') await callback(message, 'sent');
      await callback(message, final, errorCode);
    })();
    pending.add(run);
    run.finally(() => pending.delete(run));
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url, 'http://stand-in');
      const json = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const phone = /^\/_stand-in\/phone\/(\+\d+)$/.exec(decodeURIComponent(url.pathname));
      if (req.method === 'GET' && phone) {
        // What the phone received: not what could not be delivered.
        const shown = messages.filter(
          (m) => m.accepted && m.final === 'delivered' && m.to.replace(/^whatsapp:/, '') === phone[1],
        );
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(phonePage(phone[1], shown, url.searchParams.get('dir') === 'rtl'));
      }
      const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      if (req.method !== 'POST' || !url.pathname.startsWith('/2010-04-01/Accounts/'))
        return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected || url.pathname !== path)
        return json(401, { code: 20003, message: 'Authenticate', status: 401 });
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const whatsapp = to.startsWith('whatsapp:');
      const message = {
        sid: sid('SM'),
        to,
        from: form.get('From') ?? form.get('MessagingServiceSid') ?? '',
        channel: whatsapp ? 'whatsapp' : 'sms',
        body: form.get('Body'),
        contentSid: form.get('ContentSid'),
        contentVariables: form.get('ContentVariables') ? JSON.parse(form.get('ContentVariables')) : undefined,
        messagingServiceSid: form.get('MessagingServiceSid'),
        statusCallback: form.get('StatusCallback'),
        form: Object.fromEntries(form),
        callbacks: [],
        accepted: false,
        at: new Date().toISOString(),
      };
      messages.push(message);
      const refusal = refusals.shift();
      if (refusal)
        return json(refusal.status, { code: refusal.code, message: 'Refused by the stand-in', status: refusal.status });
      if (!/^(whatsapp:)?\+[1-9]\d{6,14}$/.test(to))
        return json(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
      if (!message.from || (whatsapp ? !message.contentSid : !message.body))
        return json(400, { code: 21602, message: 'Message body is required.', status: 400 });
      message.accepted = true;
      json(201, {
        sid: message.sid,
        account_sid: accountSid,
        to,
        from: message.from,
        body: message.body ?? '',
        status: message.messagingServiceSid ? 'accepted' : 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `${path.slice(0, -5)}/${message.sid}.json`,
      });
      if (message.statusCallback) settle(message);
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    messages,
    /** Messages the API took for a number (E.164), by either channel. */
    to: (number) => messages.filter((m) => m.accepted && m.to.replace(/^whatsapp:/, '') === number),
    /** The next messages to `number` by `channel` end in `status` (delivered by default). */
    outcome(number, channel, status) {
      outcomes.set(number, { ...outcomes.get(number), [channel]: status });
    },
    /** The API's next answer is this refusal (429 with 20429, 500, 400 with 21211...). */
    refuseNext(status, code) {
      refusals.push({ status, code });
    },
    /** Every callback sent so far has been answered. */
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

/** A phone's messages screen: the sender, then each message in a bubble (a WhatsApp template's text as WhatsApp shows it). */
function phonePage(number, shown, rtl) {
  const bubbles = shown
    .map((m) => {
      const text =
        m.channel === 'whatsapp'
          ? `*${m.contentVariables?.['1'] ?? ''}* is your verification code. For your security, do not share this code.`
          : (m.body ?? '');
      const time = new Date(m.at).toISOString().slice(11, 16);
      return `<li class="${m.channel}"><p dir="auto">${escape(text)}</p><span>${m.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} · ${time}</span></li>`;
    })
    .join('');
  return `<!doctype html><html lang="und" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(number)}</title>
<style>body{margin:0;font:16px system-ui,sans-serif;background:#ece5dd}header{background:#3B5173;color:#fff;padding:14px 16px;font-weight:600}
ul{list-style:none;margin:0;padding:12px;display:flex;flex-direction:column;gap:10px}li{background:#fff;border-radius:12px;padding:10px 12px;max-width:85%;box-shadow:0 1px 1px #0002}
li.whatsapp{background:#dcf8c6}li p{margin:0 0 4px;white-space:pre-wrap}li span{font-size:12px;color:#667}</style></head>
<body><header>Colibri → <bdi dir="ltr">${escape(number)}</bdi></header><ul>${bubbles}</ul></body></html>`;
}
