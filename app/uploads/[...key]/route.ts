import { env } from '@/lib/env';
import { fileResponse } from '@/lib/server/http/files';
import { getFile, isStorageKey, publicFileUrl } from '@/lib/server/storage';
import { imageWidths, publicCacheControl, variantKey } from '@/lib/server/storage/keys';

const widths: readonly number[] = imageWidths;
const notFound = () => new Response('Not found', { status: 404 });

// GET /uploads/<key>?w=600: a public file (a listing photo in one of its widths, an avatar), streamed
// from the storage; keys never change, so browsers and CDNs keep them for a year. With S3_PUBLIC_URL,
// a redirect there (the pages link there directly; this serves older links and the mobile app).
export async function GET(request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join('/');
  if (!isStorageKey(key)) return notFound();
  const width = Number(new URL(request.url).searchParams.get('w'));
  if (env.S3_PUBLIC_URL)
    return new Response(null, {
      status: 302,
      headers: {
        location: publicFileUrl(key, widths.includes(width) ? { width } : {}),
        'cache-control': 'public, max-age=86400',
      },
    });
  const ifNoneMatch = request.headers.get('if-none-match') ?? undefined;
  const candidates = widths.includes(width) ? [variantKey(key, width), key] : [key];
  for (const candidate of candidates) {
    const file = await getFile(candidate, { ifNoneMatch });
    if (file) return fileResponse(file, publicCacheControl);
  }
  return notFound();
}
