import { localPath } from '@/lib/i18n/paths';
import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { subscribe } from '@/lib/server/newsletter';

// POST /api/user/v1/newsletter: { email, locale }; also takes the footer's plain form post, answered
// with a redirect to the subscriber's home page (a fixed address of this site, never the Referer)
export const POST = route(endpoints.newsletter, async ({ request, body, viaForm, address }) => {
  await subscribe(body.email, body.locale, address);
  if (!viaForm) return null;
  return Response.redirect(new URL(`${localPath(body.locale, '')}?newsletter=ok`, request.url), 303);
});

export * from '@/lib/server/api-fallback';
