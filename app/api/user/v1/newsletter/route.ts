import { apiRoute, parseBody, parseInput } from '@/lib/server/api';
import { newsletterSchema } from '@/lib/schemas/newsletter';
import { subscribe } from '@/lib/server/newsletter';

// POST /api/user/v1/newsletter: { email, locale }; also takes the footer's plain form post
export const POST = apiRoute(async ({ request }) => {
  if (request.headers.get('content-type')?.includes('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(await request.formData());
    const input = parseInput(form, newsletterSchema);
    await subscribe(input.email, input.locale);
    const back = new URL(request.headers.get('referer') || '/', request.url);
    back.searchParams.set('newsletter', 'ok');
    return Response.redirect(back, 303);
  }
  const input = await parseBody(request, newsletterSchema);
  await subscribe(input.email, input.locale);
  return { subscribed: true };
});

export * from '@/lib/server/api-fallback';
