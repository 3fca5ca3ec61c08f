import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { prepareImageMessage, sendImage } from '@/lib/server/deals/messaging';

// POST /api/user/v1/conversations/{id}/images: multipart, one photo in `images`
export const POST = route(
  endpoints.messaging.sendImage,
  async ({ user, params, form }) =>
    sendImage(
      user.id,
      params.id,
      form.getAll('images').filter((f): f is File => f instanceof File),
    ),
  { beforeBody: ({ user, params }) => prepareImageMessage(user.id, params.id) },
);

export * from '@/lib/server/http/fallback';
