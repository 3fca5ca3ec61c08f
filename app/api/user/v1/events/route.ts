import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { liveStream } from '@/lib/server/http/event-stream';

// GET /api/user/v1/events: the signed-in member's live stream (Server-Sent Events)
export const GET = route(endpoints.messaging.events, async ({ user, request }) => liveStream(user, request));

export * from '@/lib/server/http/fallback';
