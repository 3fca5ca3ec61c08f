import { formRedirect, route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { confirmSubscription, newsletterPages } from '@/lib/server/newsletter';

// POST /api/user/v1/newsletter/confirm: { token } of the e-mailed link (JSON, or the page's plain form)
export const POST = route(endpoints.newsletterConfirm, async ({ request, body, viaForm }) => {
  const locale = await confirmSubscription(body.token);
  return viaForm ? formRedirect(request, locale, newsletterPages.outcome, { status: 'confirmed' }) : null;
});

export * from '@/lib/server/api-fallback';
