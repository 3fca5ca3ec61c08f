import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { visitOf } from '@/lib/server/http/visit';
import { recordPageEvent } from '@/lib/server/traffic/events';

// POST /api/user/v1/page-events: a public page was seen, its Web Vitals, a share click. 204, counted or
// not; the production server answers it before Next (scripts/server.mjs, instrumentation.ts).
export const POST = route(endpoints.pageEvents.record, async ({ body, request, address }) => {
  await recordPageEvent(body, visitOf(request, address));
  return new Response(null, { status: 204 });
});

export * from '@/lib/server/http/fallback';
