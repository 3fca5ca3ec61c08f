import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { fileResponse } from '@/lib/server/http/files';
import { messageImage } from '@/lib/server/deals/messaging';

// GET /api/user/v1/messages/{id}/image: a message's photo, for its two participants, streamed
export const GET = route(endpoints.messaging.image, async ({ user, params }) =>
  fileResponse(await messageImage(user.id, params.id), 'private, max-age=86400'),
);

export * from '@/lib/server/http/fallback';
