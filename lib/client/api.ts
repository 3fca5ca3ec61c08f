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

/** Calls the JSON API in the page's language; throws ApiError (code NETWORK when offline). */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; locale: string; networkMessage: string },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/user/v1/${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', 'x-locale': init.locale },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'include',
    });
  } catch {
    throw new ApiError('NETWORK', init.networkMessage);
  }
  let result: ApiResult<T>;
  try {
    result = (await response.json()) as ApiResult<T>;
  } catch {
    throw new ApiError('INTERNAL_ERROR', init.networkMessage);
  }
  if (!result.success) throw new ApiError(result.error.code, result.error.message, result.error.fields);
  return result.data;
}
