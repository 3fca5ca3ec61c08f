// Imported first by an API test of social sign-in: the three providers' keys, set before lib/env.ts
// reads the environment (once, when first imported), as a deploy sets them.
process.env.GOOGLE_CLIENT_ID ??= 'colibri-google';
process.env.GOOGLE_CLIENT_SECRET ??= 'google-secret';
process.env.FACEBOOK_CLIENT_ID ??= 'colibri-facebook';
process.env.FACEBOOK_CLIENT_SECRET ??= 'facebook-secret';
process.env.APPLE_CLIENT_ID ??= 'tn.colibri.web';
process.env.APPLE_CLIENT_SECRET ??= 'apple-client-secret-jwt';

export {};
