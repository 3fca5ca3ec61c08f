import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { liveStream } from '@/lib/server/live';

// GET /api/user/v1/events: the signed-in member's live stream (Server-Sent Events)
export const GET = route(endpoints.messaging.events, async ({ user, request }) => liveStream(user.id, request));

export * from '@/lib/server/api-fallback';
