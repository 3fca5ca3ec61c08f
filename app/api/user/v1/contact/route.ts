import { route } from '@/lib/server/http/route';
import { sendContactMessage } from '@/lib/server/public/contact';
import { endpoints } from '@/lib/server/http/endpoints';

// POST /api/user/v1/contact: { name, email, subject, message, altcha, locale }: a message to support
export const POST = route(endpoints.contact, async ({ body, user, address }) => {
  await sendContactMessage(body, { address, userId: user?.id ?? null });
  return null;
});

export * from '@/lib/server/http/fallback';
