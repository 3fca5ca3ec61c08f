// The route handler that serves each declared endpoint, found from its path: `/packages/{id}/images`
// is app/api/user/v1/packages/[id]/images/route.ts, its export named by the method.
// (tests/api/openapi.test.ts checks that every route file serves exactly the declared endpoints.)
import path from 'node:path';
import type { RouteHandler } from '@/lib/server/http/route';
import type { Endpoint } from '@/lib/server/http/endpoints';
import { root } from './route-files';

/** `POST /packages/{id}/images`: how the tables of the API tests name an endpoint. */
export const endpointKey = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

export async function handlerOf(endpoint: Endpoint): Promise<RouteHandler> {
  const folder = endpoint.path.replace(/\{(\w+)\}/g, '[$1]');
  const file = path.join(root, 'app', 'api', 'user', 'v1', folder, 'route.ts');
  const handler = ((await import(file)) as Record<string, RouteHandler | undefined>)[endpoint.method];
  if (handler?.endpoint !== endpoint) throw new Error(`${endpointKey(endpoint)} is not served by ${file}`);
  return handler;
}
