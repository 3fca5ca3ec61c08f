import { readFile } from 'node:fs/promises';
import { uploadPath } from '@/lib/server/storage';
import { imageWidths, variantKey } from '@/lib/server/images';

// GET /uploads/<key>?w=600: a stored image; keys never change, so browsers keep them for a year.
export async function GET(request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join('/');
  const asked = Number(new URL(request.url).searchParams.get('w'));
  const width = imageWidths.find((w) => w === asked);
  const candidates = width ? [variantKey(key, width), key] : [key];
  for (const candidate of candidates) {
    try {
      const data = await readFile(uploadPath(candidate));
      return new Response(new Uint8Array(data), {
        headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' },
      });
    } catch {
      // try the next candidate
    }
  }
  return new Response('Not found', { status: 404 });
}
