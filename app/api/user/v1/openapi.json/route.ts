import { env, siteUrl } from '@/lib/env';
import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { openApiDocument } from '@/lib/server/http/openapi';

// GET /api/user/v1/openapi.json: the OpenAPI 3.1 document of this API (CONTRACT.md "HTTP API")
export const GET = route(endpoints.openapi, async ({ request }) => {
  const origin = env.SITE_URL ? siteUrl : new URL(request.url).origin;
  return Response.json(openApiDocument(origin), { headers: { 'cache-control': 'public, max-age=3600' } });
});

export * from '@/lib/server/http/fallback';
