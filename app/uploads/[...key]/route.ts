import { readUpload } from '@/lib/server/storage';
import { imageWidths, variantKey } from '@/lib/server/storage/images';

const widths: readonly number[] = imageWidths;

// GET /uploads/<key>?w=600: a stored image; keys never change, so browsers keep them for a year.
export async function GET(request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join('/');
  const width = Number(new URL(request.url).searchParams.get('w'));
  const candidates = widths.includes(width) ? [variantKey(key, width), key] : [key];
  for (const candidate of candidates) {
    const data = await readUpload(candidate);
    if (data)
      return new Response(new Uint8Array(data), {
        headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' },
      });
  }
  return new Response('Not found', { status: 404 });
}
