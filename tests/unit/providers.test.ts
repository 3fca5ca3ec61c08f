/** @jest-environment node */
import twilio from 'twilio';
import { deliveryStatusOf, twilioSignature } from '@/lib/server/notify/twilio';
import { isSnsAddress, stringToSign, topicRegion, type SnsMessage } from '@/lib/server/notify/sns';
import { isPrivateAddress, isPushEndpoint } from '@/lib/server/notify/push-hosts';
import { checkedPhone } from '@/lib/server/notify/phone-numbers';

// The outside services' rules, spoken without their SDKs (issue 33): Twilio's signature as its own
// library computes it, SNS's addresses and string to sign, the push services' hosts, which numbers
// may get a phone code.

describe('Twilio', () => {
  const token = 'a-test-auth-token-0123456789abcdef';
  it.each([
    ['https://colibri.tn/api/hooks/twilio/status?message=abc', { MessageSid: 'SM1', MessageStatus: 'delivered' }],
    ['https://colibri.tn/api/hooks/twilio/status', { Body: 'é & =?', To: '+21620123456', ApiVersion: '2010-04-01' }],
    ['http://localhost:3000/api/hooks/twilio/status?message=x&y=1', { b: '2', a: '1', B: '3' }],
  ])('signs %s as twilio’s library does', (url, params) => {
    expect(twilioSignature(token, url, new URLSearchParams(params))).toBe(
      twilio.getExpectedTwilioSignature(token, url, params),
    );
  });

  it('groups its statuses as the phone step says them', () => {
    expect(
      ['accepted', 'queued', 'sending', 'sent', 'delivered', 'read', 'undelivered', 'failed', 'canceled', 'what'].map(
        deliveryStatusOf,
      ),
    ).toEqual([
      'queued',
      'queued',
      'queued',
      'sent',
      'delivered',
      'delivered',
      'undelivered',
      'failed',
      'failed',
      undefined,
    ]);
  });
});

describe('SNS', () => {
  it('takes certificates and subscriptions from https://sns.<the topic’s region>.amazonaws.com only', () => {
    expect(topicRegion('arn:aws:sns:eu-west-3:123456789012:colibri-ses')).toBe('eu-west-3');
    const region = 'eu-west-3';
    expect(isSnsAddress('https://sns.eu-west-3.amazonaws.com/SimpleNotificationService-abc.pem', region)).toBe(true);
    for (const address of [
      'http://sns.eu-west-3.amazonaws.com/x.pem',
      'https://sns.us-east-1.amazonaws.com/x.pem',
      'https://sns.eu-west-3.amazonaws.com.evil.example/x.pem',
      'https://evil.example/sns.eu-west-3.amazonaws.com/x.pem',
      'https://sns.eu-west-3.amazonaws.com:8443/x.pem',
      'https://user@sns.eu-west-3.amazonaws.com/x.pem',
      'not a url',
    ])
      expect(isSnsAddress(address, region)).toBe(false);
  });

  it('signs the documented fields of each type, Subject only when there is one', () => {
    const base = {
      MessageId: 'm1',
      TopicArn: 'arn:aws:sns:eu-west-3:1:t',
      Message: 'hello',
      Timestamp: '2026-01-01T00:00:00.000Z',
      SignatureVersion: '2',
      Signature: 'x',
      SigningCertURL: 'https://sns.eu-west-3.amazonaws.com/x.pem',
    } as const;
    const notification: SnsMessage = { ...base, Type: 'Notification' };
    expect(stringToSign(notification)).toBe(
      'Message\nhello\nMessageId\nm1\nTimestamp\n2026-01-01T00:00:00.000Z\nTopicArn\narn:aws:sns:eu-west-3:1:t\nType\nNotification\n',
    );
    expect(stringToSign({ ...notification, Subject: 'S' })).toContain('MessageId\nm1\nSubject\nS\nTimestamp\n');
    expect(stringToSign({ ...base, Type: 'SubscriptionConfirmation', Token: 'k', SubscribeURL: 'https://s' })).toBe(
      'Message\nhello\nMessageId\nm1\nSubscribeURL\nhttps://s\nTimestamp\n2026-01-01T00:00:00.000Z\nToken\nk\nTopicArn\narn:aws:sns:eu-west-3:1:t\nType\nSubscriptionConfirmation\n',
    );
  });
});

describe('web push', () => {
  it('takes subscriptions on the browsers’ push services only', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGuQyavX',
    ])
      expect(isPushEndpoint(endpoint)).toBe(true);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://push.example.net/send/abc',
      'https://fcm.googleapis.com.evil.example/abc',
      'https://evilnotify.windows.com/abc',
      'https://127.0.0.1/abc',
      'https://10.0.0.1/abc',
      'https://[::1]/abc',
      'https://localhost/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
    ])
      expect(isPushEndpoint(endpoint)).toBe(false);
  });

  it('knows the private, loopback, link-local and reserved ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ])
      expect(isPrivateAddress(address)).toBe(true);
    for (const address of ['142.250.74.42', '2a00:1450:4007:80a::200a', '::ffff:142.250.74.42'])
      expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('phone numbers that may get a code', () => {
  it('a mobile of a country listings go to, with its range', () => {
    expect(checkedPhone('+216 20 123 456')).toEqual({ phone: '+21620123456', country: 'TN', range: '+2162012' });
    expect(checkedPhone('+1 (416) 555-0123')).toMatchObject({ phone: '+14165550123', country: 'CA' });
  });
  it.each([
    ['+33 8 99 12 34 56', 'PHONE_NOT_MOBILE'],
    ['+216 71 123 456', 'PHONE_NOT_MOBILE'],
    ['+232 76 123 456', 'PHONE_COUNTRY_NOT_SERVED'],
    ['+1 876 234 5678', 'PHONE_COUNTRY_NOT_SERVED'],
    ['+999 1234 5678', 'INVALID_PHONE'],
  ])('refuses %s: %s', (phone, code) => {
    expect(() => checkedPhone(phone)).toThrow(expect.objectContaining({ code }));
  });
});
