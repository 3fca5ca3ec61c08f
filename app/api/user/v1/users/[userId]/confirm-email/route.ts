import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { confirmEmail } from '@/lib/server/members/accounts';
import { mailboxProofCookie, mailboxProofSeconds } from '@/lib/server/auth/auth';
import { siteUrl } from '@/lib/env';

// POST /api/user/v1/users/{userId}/confirm-email: the token of the e-mailed link, with the sign-up's
// password; an account made through a provider gets a cookie that its provider's sign-in completes
export const POST = route(endpoints.confirmEmail, async ({ params, body }) => {
  const confirmation = await confirmEmail(params.userId, body.token, body.password);
  if (confirmation.status === 'confirmed') return confirmation;
  const { proof, ...data } = confirmation;
  const response = Response.json({ success: true, data });
  const secure = siteUrl.startsWith('https://') ? '; Secure' : '';
  response.headers.append(
    'set-cookie',
    `${mailboxProofCookie}=${encodeURIComponent(proof)}; Path=/api/auth; Max-Age=${mailboxProofSeconds}; HttpOnly; SameSite=Lax${secure}`,
  );
  return response;
});

export * from '@/lib/server/http/fallback';
