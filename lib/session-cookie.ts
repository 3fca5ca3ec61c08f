// Names of better-auth's session cookie (the __Secure- one is used over HTTPS).
// proxy.ts only checks that one is present; pages check that the session is valid.
export const sessionCookieNames = ['better-auth.session_token', '__Secure-better-auth.session_token'];
