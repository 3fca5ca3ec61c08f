import 'server-only';
import { Readable } from 'node:stream';
import type { GetResult } from '@/lib/server/storage';

/**
 * The answer of a stored file, streamed from the storage (never read whole), with its tag; 304 when
 * the tag is the one the browser sent.
 */
export function fileResponse(file: NonNullable<GetResult>, cacheControl: string): Response {
  if ('notModified' in file)
    return new Response(null, { status: 304, headers: { etag: file.etag, 'cache-control': cacheControl } });
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'content-length': String(file.size),
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  };
  if (file.etag) headers.etag = file.etag;
  // Cancelled when the client goes away, which destroys the file's stream (and its S3 connection).
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, { headers });
}
