import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { memberRecord } from '@/lib/server/moderation/moderation';

// GET /api/user/v1/moderation/members/{userId}: staff
export const GET = route(endpoints.moderation.record, async ({ params }) => memberRecord(params.userId));

export * from '@/lib/server/http/fallback';
