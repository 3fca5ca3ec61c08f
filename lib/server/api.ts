import 'server-only';
import { z } from 'zod';
import { AppError, type ApiFailure } from '@/lib/errors';
import type { Locale } from '@/lib/i18n/locales';
import { requestLocale, translator } from './translate';
import { getSessionUser, type SessionUser } from './session';

// One wrapper for every JSON handler: locale, envelope, error codes and statuses (CONTRACT.md).

type Context<P> = { request: Request; params: P; locale: Locale };

export function apiRoute<P = Record<string, never>>(handler: (ctx: Context<P>) => Promise<unknown>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    const locale = requestLocale(request.headers);
    try {
      const result = await handler({ request, params: await context.params, locale });
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
  return Response.json(body, { status: appError.status });
}

/** An unknown path under /api/, in any method: 404 in the envelope (app/api/[...path]/route.ts). */
export const unknownApiPath = apiRoute<unknown>(async () => {
  throw new AppError('ROUTE_NOT_FOUND');
});

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
