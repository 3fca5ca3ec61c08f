// Imported first by an API test of Twilio: the keys of an account set up for SMS and WhatsApp, set
// before lib/env.ts reads the environment (once, when first imported), as a deploy sets them. The API
// stays at its default address, which tests/e2e/twilio-hosts.mjs sends to the stand-in.
export const twilioAccount = {
  accountSid: `AC${'c0ffee00'.repeat(4)}`,
  authToken: 'stand-in-auth-token-0123456789abcdef',
  from: '+15005550006',
  whatsappFrom: 'whatsapp:+14155238886',
  template: `HX${'b7'.repeat(16)}`,
};
process.env.SMS_PROVIDER = 'twilio';
process.env.TWILIO_ACCOUNT_SID = twilioAccount.accountSid;
process.env.TWILIO_AUTH_TOKEN = twilioAccount.authToken;
process.env.TWILIO_FROM = twilioAccount.from;
process.env.TWILIO_WHATSAPP_FROM = twilioAccount.whatsappFrom;
process.env.TWILIO_WHATSAPP_CODE_TEMPLATE = twilioAccount.template;
