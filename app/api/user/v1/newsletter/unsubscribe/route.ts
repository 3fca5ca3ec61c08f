import { AppError } from '@/lib/errors';
import { formRedirect, route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { newsletterPages, unsubscribe, unsubscribeLocale } from '@/lib/server/public/newsletter';

// POST /api/user/v1/newsletter/unsubscribe: { token } from the unsubscribe page, or ?token= with
// `List-Unsubscribe=One-Click` from a mail client (RFC 8058)
export const POST = route(endpoints.newsletterUnsubscribe, async ({ body, query, viaForm }) => {
  const token = body.token ?? query.token;
  if (!token) throw new AppError('VALIDATION_FAILED', { token: 'tokenRequired' });
  const locale = await unsubscribe(token);
  return viaForm ? formRedirect(locale, newsletterPages.outcome, { status: 'unsubscribed' }) : null;
});

// GET /api/user/v1/newsletter/unsubscribe?token=: the List-Unsubscribe address opened in a browser,
// sent to the unsubscribe page (which asks for a click: a GET changes nothing)
export const GET = route(endpoints.newsletterUnsubscribeLink, async ({ query, locale }) => {
  const token = query.token ?? '';
  const language = (token && (await unsubscribeLocale(token))) || locale;
  return formRedirect(language, newsletterPages.unsubscribe, token ? { token } : {});
});

export * from '@/lib/server/http/fallback';
