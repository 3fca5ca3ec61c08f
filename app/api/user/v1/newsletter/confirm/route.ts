import { formRedirect, route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { confirmSubscription, newsletterPages } from '@/lib/server/public/newsletter';

// POST /api/user/v1/newsletter/confirm: { token } of the e-mailed link (JSON, or the page's plain form)
export const POST = route(endpoints.newsletterConfirm, async ({ body, viaForm }) => {
  const locale = await confirmSubscription(body.token);
  return viaForm ? formRedirect(locale, newsletterPages.outcome, { status: 'confirmed' }) : null;
});

export * from '@/lib/server/http/fallback';
