import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { moderationQueue } from '@/lib/server/moderation/moderation';

// GET /api/user/v1/moderation/queue: staff
export const GET = route(endpoints.moderation.queue, async () => moderationQueue());

export * from '@/lib/server/http/fallback';
