import 'server-only';
import { z } from '@/lib/zod';
import { listingKinds, type ListingKind } from '@/lib/domain';
import { apiBasePath } from '@/lib/routes';
import { authEndpoints, authRequestSchemas } from './auth';
import { dealEndpoints, dealRequestSchemas } from './deals';
import { endpoint, type Endpoint } from './declare';
import { apiCollections, listingEndpoints, listingRequestSchemas } from './listings';
import { memberEndpoints, memberRequestSchemas } from './members';
import { moderationEndpoints, moderationRequestSchemas } from './moderation';
import { publicEndpoints, publicRequestSchemas } from './public';
import { pushEndpoints, pushRequestSchemas } from './push';
import { trafficEndpoints, trafficRequestSchemas } from './traffic';

// Every endpoint of /api/user/v1, declared once: the route files serve these declarations
// (`route()` of lib/server/http/route.ts parses the query and body with their schemas and applies the
// session rule) and the OpenAPI document is generated from them (lib/server/http/openapi.ts), so the two
// cannot drift. The API tests check every real answer against the document (tests/api/helpers.ts).
// Each domain declares its own in a file of this folder.

export { httpMethods, guardErrors, type Endpoint, type HttpMethod } from './declare';
export { apiCollections } from './listings';

/** Names of schemas in the document's components (everything else is written inline). */
export const namedSchemas = new Map<z.ZodType, string>([
  ...authRequestSchemas,
  ...publicRequestSchemas,
  ...listingRequestSchemas,
  ...dealRequestSchemas,
  ...memberRequestSchemas,
  ...moderationRequestSchemas,
  ...pushRequestSchemas,
  ...trafficRequestSchemas,
]);

export const endpoints = {
  ...authEndpoints,
  ...listingEndpoints,
  ...dealEndpoints,
  ...publicEndpoints,
  ...memberEndpoints,
  ...moderationEndpoints,
  ...pushEndpoints,
  ...trafficEndpoints,
  openapi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    tag: 'Meta',
    summary: 'This document (OpenAPI 3.1)',
    description: 'The OpenAPI document itself, not wrapped in the envelope.',
    data: z.record(z.string(), z.unknown()),
    envelope: false,
    errors: [],
  }),
};

/** Every endpoint, in the document's order. */
export const allEndpoints: Endpoint[] = Object.values(endpoints).flatMap((entry) =>
  'method' in entry ? [entry as Endpoint] : Object.values(entry),
);

/** The listing endpoints of each kind. */
export const listingEndpointsOf = Object.fromEntries(
  listingKinds.map((kind) => [kind, endpoints[apiCollections[kind]]]),
) as { [K in ListingKind]: (typeof endpoints)[(typeof apiCollections)[K]] };

let routeTable: { pattern: RegExp; parameters: number; methods: string[] }[] | undefined;

/**
 * The methods a path of this API answers, for the Allow header (lib/server/http/fallback.ts), from
 * the declarations (tests/api/openapi.test.ts keeps them equal to the route files). HEAD comes with
 * GET and OPTIONS with every path, as Next answers them.
 */
export function allowedMethods(pathname: string): string[] {
  routeTable ??= [...new Set(allEndpoints.map((e) => e.path))]
    .map((template) => ({
      pattern: new RegExp(`^${apiBasePath}${template.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}/?$`),
      parameters: template.split('{').length - 1,
      methods: allEndpoints.filter((e) => e.path === template).map((e) => e.method),
    }))
    // A static segment wins over a parameter, as in Next's routing.
    .sort((a, b) => a.parameters - b.parameters);
  const methods = routeTable.find((route) => route.pattern.test(pathname))?.methods ?? [];
  return [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort();
}
