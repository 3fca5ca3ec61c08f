import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { subscribe } from '@/lib/server/newsletter';

// POST /api/user/v1/newsletter: { email, locale }; also takes the footer's plain form post
export const POST = route(endpoints.newsletter, async ({ request, body, viaForm }) => {
  await subscribe(body.email, body.locale);
  if (!viaForm) return null;
  const back = new URL(request.headers.get('referer') || '/', request.url);
  back.searchParams.set('newsletter', 'ok');
  return Response.redirect(back, 303);
});
