import 'server-only';
import { AppError } from '@/lib/errors';
import { apiRoute, errorResponse } from './route';
import { allowedMethods } from './endpoints';

// Every route file under app/api/user/v1 ends with `export * from './fallback'`. A
// module's own exports win over the names it re-exports with `export *`, so these handlers answer
// only the methods the file does not define: 405 in the envelope (CONTRACT.md "HTTP API") instead
// of Next's empty 405, and OPTIONS with the methods it does define (tests/api/api-fallback.test.ts
// checks every route file).

const allow = (request: Request) => allowedMethods(new URL(request.url).pathname).join(', ');

const notAllowed = apiRoute<unknown>(async ({ request, locale }) => {
  const response = errorResponse(new AppError('METHOD_NOT_ALLOWED'), locale);
  response.headers.set('allow', allow(request));
  return response;
});

export const GET = notAllowed;
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;

export function OPTIONS(request: Request) {
  return new Response(null, { status: 204, headers: { allow: allow(request) } });
}
