import { route } from '@/lib/server/api';
import { sendContactMessage } from '@/lib/server/contact';
import { endpoints } from '@/lib/server/endpoints';

// POST /api/user/v1/contact: { name, email, subject, message, altcha, locale }: a message to support
export const POST = route(endpoints.contact, async ({ body, user, address }) => {
  await sendContactMessage(body, { address, userId: user?.id ?? null });
  return null;
});

export * from '@/lib/server/api-fallback';
