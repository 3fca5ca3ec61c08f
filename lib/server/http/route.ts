import 'server-only';
import { z } from '@/lib/zod';
import { imageLimits, multipartBytes } from '@/lib/domain';
import { AppError, type ApiFailure } from '@/lib/errors';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { requestLocale, translator, validationText } from '@/lib/server/translate';
import { getSessionUser, type SessionUser } from '@/lib/server/auth/session';
import type { Endpoint } from './endpoints';
import { readClientAddress } from './client-address.mjs';
import { apiBasePath } from '@/lib/routes';
import { databaseRetrySeconds, isDatabaseUnavailable, markDatabase } from '@/lib/server/db/availability.mjs';
import { logger, noteRequest } from '@/lib/server/log.mjs';
import { assertContentType, assertSameSite, mediaType, readForm, readJson } from './request-guards';

// One wrapper for every JSON handler: locale, envelope, error codes and statuses (CONTRACT.md).

/** The request, its path parameters, the caller's language and address (./client-address.mjs). */
type Context<P> = { request: Request; params: P; locale: Locale; address: string };

export function apiRoute<P = Record<string, never>>(handler: (ctx: Context<P>) => Promise<unknown>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    const locale = requestLocale(request.headers);
    try {
      const address = readClientAddress(request.headers);
      // A path without dynamic segments gets no params from Next (undefined, not {}).
      const params = ((await context.params) ?? {}) as P;
      const result = await handler({ request, params, locale, address });
      return privateByDefault(
        result instanceof Response ? result : Response.json({ success: true, data: result ?? null }),
      );
    } catch (error) {
      return privateByDefault(errorResponse(error, locale));
    }
  };
}

/** Answers may carry personal data: no cache keeps them, unless the handler said otherwise. */
function privateByDefault(response: Response): Response {
  if (response.headers.has('cache-control')) return response;
  const copy = new Response(response.body, response); // Response.redirect()'s headers are immutable
  copy.headers.set('cache-control', 'no-store');
  return copy;
}

export function errorResponse(error: unknown, locale: Locale): Response {
  if (!(error instanceof AppError)) {
    // A database that does not answer is a 503 to try again later, never a 500 (CONTRACT.md "Operations").
    if (isDatabaseUnavailable(error)) {
      markDatabase(false);
      logger().warn({ err: error }, 'database unavailable');
      error = new AppError('SERVICE_UNAVAILABLE', undefined, databaseRetrySeconds);
    } else {
      logger().error({ err: error }, 'unexpected error');
      error = new AppError('INTERNAL_ERROR');
    }
  }
  const appError = error as AppError;
  const t = translator(locale, 'Errors');
  const fieldText = validationText(locale);
  const body: ApiFailure = {
    success: false,
    error: { code: appError.code, message: t(appError.code) },
  };
  if (appError.fields) {
    body.error.fields = Object.fromEntries(
      Object.entries(appError.fields).map(([field, key]) => [field, fieldText(key)]),
    );
    const first = Object.values(body.error.fields)[0];
    if (appError.code === 'VALIDATION_FAILED' && first) body.error.message = first;
  }
  const retryAfter = appError.retryAfterSeconds ? Math.max(1, Math.ceil(appError.retryAfterSeconds)) : undefined;
  if (retryAfter) body.error.retryAfter = retryAfter;
  return Response.json(body, {
    status: appError.status,
    headers: retryAfter ? { 'retry-after': String(retryAfter) } : {},
  });
}

/**
 * The answer to a browser's plain form post: a page of this site (a fixed path, never the Referer).
 * The Location is relative, so the browser stays at the address it posted to: an absolute one would
 * name SITE_URL, which `form-action 'self'` blocks when the site is reached at another address.
 */
export function formRedirect(locale: Locale, page: string, query: Record<string, string> = {}): Response {
  const search = new URLSearchParams(query).toString();
  return new Response(null, {
    status: 303,
    headers: { location: `${localPath(locale, page)}${search ? `?${search}` : ''}` },
  });
}

/** An unknown path under /api/, in any method: 404 in the envelope (app/api/[...path]/route.ts). */
export const unknownApiPath = apiRoute<unknown>(async () => {
  throw new AppError('ROUTE_NOT_FOUND');
});

/** Where a value holds U+0000, which no PostgreSQL text can store: `['name', 'from.city']`. */
function nulPaths(value: unknown, at: string[] = []): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [at.join('.') || '_'] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => nulPaths(item, [...at, key]));
}

export function parseInput<S extends z.ZodType>(raw: unknown, schema: S): z.infer<S> {
  const withNul = nulPaths(raw);
  if (withNul.length)
    throw new AppError('VALIDATION_FAILED', Object.fromEntries(withNul.map((key) => [key, 'invalidCharacter'])));
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.code === 'invalid_type' && issue.input === undefined ? 'required' : issue.message;
  }
  throw new AppError('VALIDATION_FAILED', fields);
}

/** The signed-in user, or 401 before anything else happens. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request.headers);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/** A JSON success that also carries the session of a better-auth call: its cookie, and its bearer token. */
export function withAuthCookies(data: unknown, authHeaders: Headers | null | undefined): Response {
  const response = Response.json({ success: true, data });
  for (const cookie of authHeaders?.getSetCookie() ?? []) response.headers.append('set-cookie', cookie);
  const token = authHeaders?.get('set-auth-token');
  if (token) response.headers.set('set-auth-token', token);
  return response;
}

// ---------------------------------------------------------------- declared endpoints

/** `{ id: string }` for a path like `/packages/{id}/images`. */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : unknown;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteContext<E extends Endpoint> = Context<PathParams<E['path']>> & {
  /** The signed-in user when the endpoint's session is required (or self); null when optional and absent. */
  user: E['session'] extends 'required' | 'self'
    ? SessionUser
    : E['session'] extends 'optional'
      ? SessionUser | null
      : undefined;
  query: Parsed<E['query']>;
  /** The body, parsed with the declared schema, whether it came as JSON or as a plain form. */
  body: Parsed<E['body']>;
  /** Multipart parts (declared `images`), read within the upload limit. */
  form: E['body'] extends 'images' ? FormData : undefined;
  /** The body came as a plain form post (an endpoint that allows it answers with a redirect). */
  viaForm: boolean;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Next passes each route its own params
export type RouteHandler = ((request: Request, context: { params: Promise<any> }) => Promise<Response>) & {
  endpoint: Endpoint;
};

/**
 * The handler of a declared endpoint (lib/server/http/endpoints/index.ts), behind the guards every endpoint
 * inherits, in this order: a write must come from this site (403, ./request-guards.ts); the session
 * rule (401, or 403 for someone else's userId); the declared media type (415); the query and the
 * body, read within their size limits (413) and parsed with the declared schemas (400); then
 * `handler`, whose answer must have the declared data type.
 */
export function route<const E extends Endpoint>(
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['data']> | Response>,
): RouteHandler {
  const template = apiBasePath + endpoint.path;
  const serve = apiRoute<PathParams<E['path']>>(async (ctx) => {
    const { request } = ctx;
    // The server's log line of this request names the endpoint and the member (lib/server/log.mjs).
    const requestId = request.headers.get('x-request-id');
    noteRequest(requestId, { route: template });
    assertSameSite(request);
    let user: SessionUser | null | undefined;
    if (endpoint.session === 'optional') user = await getSessionUser(request.headers);
    else if (endpoint.session) {
      user = await requireUser(request);
      const userId = (ctx.params as { userId?: string }).userId;
      if (endpoint.session === 'self' && user.id !== userId) throw new AppError('FORBIDDEN');
    }
    if (user) noteRequest(requestId, { memberId: user.id });
    // No stored id holds U+0000 (PostgreSQL refuses it in a query): such a path names nothing.
    if (nulPaths(ctx.params).length) throw new AppError('NOT_FOUND');
    assertContentType(request, endpoint);
    const viaForm = mediaType(request) === 'application/x-www-form-urlencoded';
    let raw: unknown;
    let form: FormData | undefined;
    if (endpoint.body === 'images')
      form = await readForm(request, multipartBytes(endpoint.maxFiles ?? imageLimits.perListing));
    else if (endpoint.body) raw = viaForm ? Object.fromEntries(await readForm(request)) : await readJson(request);
    try {
      const query = endpoint.query
        ? parseInput(Object.fromEntries(new URL(request.url).searchParams), endpoint.query)
        : undefined;
      const body = endpoint.body && endpoint.body !== 'images' ? parseInput(raw, endpoint.body) : undefined;
      const result = await handler({ ...ctx, user, query, body, form, viaForm } as RouteContext<E>);
      if (endpoint.envelope === false && !(result instanceof Response)) return Response.json(result);
      return result;
    } catch (error) {
      // A browser's plain form post goes back to its page, which says what went wrong.
      if (viaForm && endpoint.formPage && error instanceof AppError) {
        const typed = (raw as { locale?: unknown } | undefined)?.locale;
        const locale = typeof typed === 'string' && isLocale(typed) ? typed : ctx.locale;
        const reason = Object.values(error.fields ?? {})[0];
        return formRedirect(locale, endpoint.formPage, { error: error.code, ...(reason && { reason }) });
      }
      throw error;
    }
  });
  return Object.assign(serve, { endpoint }) as RouteHandler;
}
