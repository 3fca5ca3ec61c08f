import { timingSafeEqual } from 'node:crypto';
import { internalSecret } from '@/lib/server/events/hub';
import { unknownApiPath } from '@/lib/server/http/route';
import { readiness } from '@/lib/server/db/readiness';

// GET /readyz lands here: scripts/server.mjs answers it itself while the instance drains, else
// rewrites it to this path with this process's secret. Anyone else gets the API's 404.
export async function GET(request: Request, context: { params: Promise<unknown> }) {
  const given = Buffer.from(request.headers.get('x-colibri-internal') ?? '');
  const secret = Buffer.from(internalSecret());
  if (given.length !== secret.length || !timingSafeEqual(given, secret)) return unknownApiPath(request, context);
  const state = await readiness();
  return Response.json(state, {
    status: state.status === 'ready' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}

export { unknownApiPath as POST, unknownApiPath as PUT, unknownApiPath as PATCH, unknownApiPath as DELETE };
