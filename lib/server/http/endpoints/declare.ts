import 'server-only';
import type { z } from '@/lib/zod';
import type { ErrorCode } from '@/lib/errors';

// What an endpoint declares (./index.ts has them all): the route files serve the declarations through
// `route()` (lib/server/http/route.ts) and the OpenAPI document is generated from them.

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type Endpoint = {
  method: HttpMethod;
  /** Under /api/user/v1, with `{name}` for path parameters. */
  path: `/${string}`;
  tag:
    | 'Auth'
    | 'Users'
    | 'Members'
    | 'Packages'
    | 'Travels'
    | 'Proposals'
    | 'Messaging'
    | 'Nearby'
    | 'Places'
    | 'Simulator'
    | 'Contact'
    | 'Alerts'
    | 'Newsletter'
    | 'Moderation'
    | 'Statistics'
    | 'Meta';
  summary: string;
  description?: string;
  /**
   * required: 401 without a session. self: required, and the path's userId must be the user's (403).
   * optional: the answer depends on whether there is one. staff: required, and a staff role (403).
   * Unset: no session is read.
   */
  session?: 'required' | 'self' | 'optional' | 'staff';
  query?: z.ZodObject;
  /** A JSON body, parsed before the handler runs; `images`: multipart files, read by the handler. */
  body?: z.ZodType | 'images';
  /** `images`: how many photos one request may carry (the body's size limit follows); a listing's by default. */
  maxFiles?: number;
  /** `images` in parts of these names, one each (instead of the part `images`). */
  imageParts?: readonly string[];
  /** The JSON body may also come as a plain form post (application/x-www-form-urlencoded). */
  form?: boolean;
  /** A plain form post is answered with this redirect (303) instead of JSON. */
  formRedirect?: string;
  /**
   * The page (French slug) a refused plain form post goes back to, by a redirect (303) with
   * `?error=CODE` (and `&reason=KEY`, the `Validation` key of the first bad field): a browser without
   * JavaScript shows a translated page, not JSON. Refusals of the guards stay JSON.
   */
  formPage?: string;
  /** The success is this redirect (303), not data: a link a person opens in a browser. */
  redirect?: string;
  /** The success's `data`; the envelope wraps it unless `envelope` is false. */
  data: z.ZodType;
  envelope?: false;
  /**
   * A success that is not JSON: an event stream (`data` describes one event's payload), an image or a
   * CSV file (`data` is unused). Refusals are JSON envelopes all the same.
   */
  produces?: 'text/event-stream' | 'image/webp' | 'text/csv';
  /** The success is 204 without a body (`data` is unused); refusals are JSON envelopes all the same. */
  noContent?: true;
  /** The endpoint's own refusals; those of the guards every endpoint inherits are added by guardErrors(). */
  errors: readonly ErrorCode[];
};

/** The refusals of the guards of route() (lib/server/http/route.ts), from what an endpoint declares. */
export function guardErrors(endpoint: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (endpoint.method !== 'GET') codes.push('CROSS_SITE_REQUEST');
  if (endpoint.session === 'required' || endpoint.session === 'self' || endpoint.session === 'staff')
    codes.push('UNAUTHORIZED');
  if (endpoint.session === 'self' || endpoint.session === 'staff') codes.push('FORBIDDEN');
  if (endpoint.body) codes.push('UNSUPPORTED_CONTENT_TYPE', 'PAYLOAD_TOO_LARGE');
  if (endpoint.body && endpoint.body !== 'images') codes.push('INVALID_JSON', 'VALIDATION_FAILED');
  else if (endpoint.query) codes.push('VALIDATION_FAILED');
  // A path id that cannot exist (route() refuses U+0000 before any query).
  if (endpoint.path.includes('{')) codes.push('NOT_FOUND');
  return codes;
}

/** Declares an endpoint, keeping its literal types (its path's parameters, its schemas). */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}
