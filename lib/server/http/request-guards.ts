import 'server-only';
import { requestLimits } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { siteUrl } from '@/lib/env';
import type { Endpoint } from './endpoints';

// What every state-changing call must show before its body is read (route() of ./route.ts applies
// these to every declared endpoint): it comes from this site, says what it sends, and sends little.

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const siteOrigin = new URL(siteUrl).origin;

/** A mobile client's session (better-auth's bearer plugin): no cookie rides along, so no cross-site risk. */
export function hasBearer(request: Request): boolean {
  return /^bearer\s+\S/i.test(request.headers.get('authorization') ?? '');
}

/**
 * A browser says where a request comes from (Sec-Fetch-Site, else Origin): a write from another
 * site is refused, so a page elsewhere cannot use a visitor's cookies, or sign them in to its own
 * account. Clients that send neither (the mobile app, scripts) carry no ambient cookie to abuse.
 */
export function assertSameSite(request: Request): void {
  if (safeMethods.has(request.method) || hasBearer(request)) return;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) {
    if (fetchSite !== 'same-origin') throw new AppError('CROSS_SITE_REQUEST');
    return;
  }
  const origin = request.headers.get('origin');
  if (origin === null) return;
  const own = new Set([siteOrigin, new URL(request.url).origin]);
  if (!own.has(origin)) throw new AppError('CROSS_SITE_REQUEST');
}

/** The media types a declared endpoint takes: JSON; multipart for files; a plain form where allowed. */
export function acceptedTypes(endpoint: Endpoint): string[] {
  if (!endpoint.body) return [];
  if (endpoint.body === 'images') return ['multipart/form-data'];
  return endpoint.form ? ['application/json', 'application/x-www-form-urlencoded'] : ['application/json'];
}

/** The request's media type, without parameters (`multipart/form-data; boundary=...`). */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

export function assertContentType(request: Request, endpoint: Endpoint): void {
  const accepted = acceptedTypes(endpoint);
  if (accepted.length && !accepted.includes(mediaType(request))) throw new AppError('UNSUPPORTED_CONTENT_TYPE');
}

/** The body's bytes, refused (413) as soon as they pass `max`, before it is all read. */
export async function readLimited(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > max) throw new AppError('PAYLOAD_TOO_LARGE');
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new AppError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readJson(request: Request): Promise<unknown> {
  const bytes = await readLimited(request, requestLimits.jsonBytes);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new AppError('INVALID_JSON');
  }
}

/** A multipart or url-encoded body, within the limit of its kind (multipart: `multipartMax` bytes). */
export async function readForm(request: Request, multipartMax = requestLimits.multipartBytes): Promise<FormData> {
  const multipart = mediaType(request) === 'multipart/form-data';
  const bytes = await readLimited(request, multipart ? multipartMax : requestLimits.jsonBytes);
  try {
    return await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type')! } }).formData();
  } catch {
    throw new AppError(multipart ? 'NO_FILE' : 'VALIDATION_FAILED');
  }
}
