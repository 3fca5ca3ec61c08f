import { formRedirect, route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { newsletterPages, subscribe } from '@/lib/server/public/newsletter';

// POST /api/user/v1/newsletter: { email, locale }; also takes the footer's plain form post, answered
// with a redirect to the newsletter page in the subscriber's language (a fixed page, never the Referer)
export const POST = route(endpoints.newsletter, async ({ body, viaForm, address }) => {
  await subscribe(body.email, body.locale, address);
  return viaForm ? formRedirect(body.locale, newsletterPages.outcome, { status: 'sent' }) : null;
});

export * from '@/lib/server/http/fallback';
