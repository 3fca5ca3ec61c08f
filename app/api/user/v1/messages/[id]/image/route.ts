import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { messageImage } from '@/lib/server/deals/messaging';

// GET /api/user/v1/messages/{id}/image: a message's photo, for its two participants
export const GET = route(
  endpoints.messaging.image,
  async ({ user, params }) =>
    new Response(new Uint8Array(await messageImage(user.id, params.id)), {
      headers: { 'content-type': 'image/webp', 'cache-control': 'private, max-age=86400' },
    }),
);

export * from '@/lib/server/http/fallback';
