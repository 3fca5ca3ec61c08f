import 'server-only';
import { z } from 'zod';
import { AppError, type ApiFailure } from '@/lib/errors';
import type { Locale } from '@/lib/i18n/locales';
import { requestLocale, translator } from './translate';
import { getSessionUser, type SessionUser } from './session';
import type { Endpoint } from './endpoints';
import { readClientAddress } from './client-address.mjs';

// One wrapper for every JSON handler: locale, envelope, error codes and statuses (CONTRACT.md).

/** The request, its path parameters, the caller's language and address (./client-address.mjs). */
type Context<P> = { request: Request; params: P; locale: Locale; address: string };

export function apiRoute<P = Record<string, never>>(handler: (ctx: Context<P>) => Promise<unknown>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    const locale = requestLocale(request.headers);
    try {
      const address = readClientAddress(request.headers);
      const result = await handler({ request, params: await context.params, locale, address });
      if (result instanceof Response) return result;
      return Response.json({ success: true, data: result ?? null });
    } catch (error) {
      return errorResponse(error, locale);
    }
  };
}

export function errorResponse(error: unknown, locale: Locale): Response {
  if (!(error instanceof AppError)) {
    console.error(error);
    error = new AppError('INTERNAL_ERROR');
  }
  const appError = error as AppError;
  const t = translator(locale, 'Errors');
  const v = translator(locale, 'Validation');
  const body: ApiFailure = {
    success: false,
    error: { code: appError.code, message: t(appError.code) },
  };
  if (appError.fields) {
    body.error.fields = Object.fromEntries(
      Object.entries(appError.fields).map(([field, key]) => [field, v.has(key as never) ? v(key as never) : key]),
    );
    const first = Object.values(body.error.fields)[0];
    if (appError.code === 'VALIDATION_FAILED' && first) body.error.message = first;
  }
  const headers: HeadersInit = appError.retryAfterSeconds
    ? { 'retry-after': String(Math.max(1, Math.ceil(appError.retryAfterSeconds))) }
    : {};
  return Response.json(body, { status: appError.status, headers });
}

/** Parses a JSON body with a schema: INVALID_JSON or VALIDATION_FAILED (with the fields), never a cast. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    throw new AppError('INVALID_JSON');
  }
  return parseInput(raw, schema);
}

export function parseInput<S extends z.ZodType>(raw: unknown, schema: S): z.infer<S> {
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

/** Only the user themself may act on their own account. */
export async function requireSelf(request: Request, userId: string): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.id !== userId) throw new AppError('FORBIDDEN');
  return user;
}

/** A JSON success that also carries the Set-Cookie headers of a better-auth call. */
export function withAuthCookies(data: unknown, authHeaders: Headers | null | undefined): Response {
  const response = Response.json({ success: true, data });
  for (const cookie of authHeaders?.getSetCookie() ?? []) response.headers.append('set-cookie', cookie);
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
  /** The parsed JSON body (undefined for a form post or multipart files: the handler reads those). */
  body: Parsed<E['body']>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Next passes each route its own params
export type RouteHandler = ((request: Request, context: { params: Promise<any> }) => Promise<Response>) & {
  endpoint: Endpoint;
};

/**
 * The handler of a declared endpoint (lib/server/endpoints.ts): in this order, the session rule
 * (401, or 403 for someone else's userId), the query and the JSON body parsed with the declared
 * schemas (400), then `handler`, whose answer must have the declared data type.
 */
export function route<const E extends Endpoint>(
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['data']> | Response>,
): RouteHandler {
  const serve = apiRoute<PathParams<E['path']>>(async (ctx) => {
    let user: SessionUser | null | undefined;
    if (endpoint.session === 'optional') user = await getSessionUser(ctx.request.headers);
    else if (endpoint.session) {
      user = await requireUser(ctx.request);
      const userId = (ctx.params as { userId?: string }).userId;
      if (endpoint.session === 'self' && user.id !== userId) throw new AppError('FORBIDDEN');
    }
    const query = endpoint.query
      ? parseInput(Object.fromEntries(new URL(ctx.request.url).searchParams), endpoint.query)
      : undefined;
    const isForm = endpoint.form && isFormPost(ctx.request);
    const body =
      endpoint.body && endpoint.body !== 'images' && !isForm ? await parseBody(ctx.request, endpoint.body) : undefined;
    const result = await handler({ ...ctx, user, query, body } as RouteContext<E>);
    if (endpoint.envelope === false && !(result instanceof Response)) return Response.json(result);
    return result;
  });
  return Object.assign(serve, { endpoint }) as RouteHandler;
}

export function isFormPost(request: Request): boolean {
  return request.headers.get('content-type')?.includes('application/x-www-form-urlencoded') ?? false;
}
