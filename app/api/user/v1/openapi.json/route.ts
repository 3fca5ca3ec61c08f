import { openApiDocument } from '@/lib/server/openapi';

// GET /api/user/v1/openapi.json: the OpenAPI 3.1 document of this API (CONTRACT.md "HTTP API")
export function GET(request: Request) {
  const origin = process.env.SITE_URL?.replace(/\/+$/, '') || new URL(request.url).origin;
  return Response.json(openApiDocument(origin), { headers: { 'cache-control': 'public, max-age=3600' } });
}

export * from '@/lib/server/api-fallback';
