import { timingSafeEqual } from 'node:crypto';
import { z } from '@/lib/zod';
import { listingKinds } from '@/lib/domain';
import { expireAllListingPages, expireListingPages } from '@/lib/server/listings/listings';
import { internalSecret } from '@/lib/server/events/hub';
import { unknownApiPath } from '@/lib/server/http/route';

// POST /api/internal/listings-changed: this process asking itself, when another instance changed a
// listing, to expire the listing's pages in its Next cache (revalidateTag needs a request). Anyone
// without this process's secret gets the API's 404, as for a path that does not exist.
// `missed`: the instance's LISTEN connection came back (lib/server/events/hub.ts), so every listing page expires.
const change = z.union([
  z.object({ kind: z.enum(listingKinds), id: z.string().max(64) }),
  z.object({ missed: z.literal(true) }),
]);

export async function POST(request: Request, context: { params: Promise<unknown> }) {
  const given = Buffer.from(request.headers.get('x-colibri-internal') ?? '');
  const secret = Buffer.from(internalSecret());
  if (given.length !== secret.length || !timingSafeEqual(given, secret)) return unknownApiPath(request, context);
  const parsed = change.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return new Response(null, { status: 400 });
  if ('missed' in parsed.data) expireAllListingPages();
  else expireListingPages(parsed.data.kind, parsed.data.id);
  return new Response(null, { status: 204 });
}

// Every other method: as if the path did not exist.
export { unknownApiPath as GET, unknownApiPath as PUT, unknownApiPath as PATCH, unknownApiPath as DELETE };
