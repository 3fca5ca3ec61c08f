import type { ApiResult } from '@/lib/errors';

/** A failed API call: the catalogue code, its translated message, and field errors. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function call<T>(path: string, request: RequestInit, networkMessage: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/user/v1/${path}`, { ...request, credentials: 'include' });
  } catch {
    throw new ApiError('NETWORK', networkMessage);
  }
  let result: ApiResult<T>;
  try {
    result = (await response.json()) as ApiResult<T>;
  } catch {
    throw new ApiError('INTERNAL_ERROR', networkMessage);
  }
  if (!result.success) throw new ApiError(result.error.code, result.error.message, result.error.fields);
  return result.data;
}

/** Calls the JSON API in the page's language; throws ApiError (code NETWORK when offline). */
export function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; locale: string; networkMessage: string },
): Promise<T> {
  return call<T>(
    path,
    {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', 'x-locale': init.locale },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    },
    init.networkMessage,
  );
}

/** Sends one file as the multipart part `images` (a message's photo); the same answers as apiFetch. */
export function apiUpload<T>(path: string, file: File, init: { locale: string; networkMessage: string }): Promise<T> {
  const body = new FormData();
  body.append('images', file);
  return call<T>(path, { method: 'POST', headers: { 'x-locale': init.locale }, body }, init.networkMessage);
}

/** What to tell the member when a call failed: the API's translated message, else the error as text. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}
