import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { sendImage } from '@/lib/server/messaging';

// POST /api/user/v1/conversations/{id}/images: multipart, one photo in `images`
export const POST = route(endpoints.messaging.sendImage, async ({ user, params, form }) =>
  sendImage(
    user.id,
    params.id,
    form.getAll('images').filter((f): f is File => f instanceof File),
  ),
);

export * from '@/lib/server/api-fallback';
