import { isFormPost, parseInput, route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { newsletterSchema } from '@/lib/schemas/newsletter';
import { subscribe } from '@/lib/server/newsletter';

// POST /api/user/v1/newsletter: { email, locale }; also takes the footer's plain form post
export const POST = route(endpoints.newsletter, async ({ request, body }) => {
  if (!isFormPost(request)) {
    await subscribe(body!.email, body!.locale);
    return null;
  }
  const input = parseInput(Object.fromEntries(await request.formData()), newsletterSchema);
  await subscribe(input.email, input.locale);
  const back = new URL(request.headers.get('referer') || '/', request.url);
  back.searchParams.set('newsletter', 'ok');
  return Response.redirect(back, 303);
});
