import 'server-only';
import type { Visit } from '@/lib/server/traffic/events';

// What the counting of visits needs of a request (lib/server/traffic/events.ts), read from its headers here
// at the edge: the user agent, whether the visitor asked not to be followed (Do Not Track, Global
// Privacy Control), and whether a browser sent it for a page nobody has seen yet (a prefetch).
export function visitOf(request: Request, address: string): Visit {
  const header = (name: string) => request.headers.get(name)?.trim() ?? '';
  return {
    address,
    userAgent: header('user-agent'),
    optedOut: header('dnt') === '1' || header('sec-gpc') === '1',
    prefetch: /prefetch|prerender/i.test(`${header('sec-purpose')} ${header('purpose')} ${header('x-moz')}`),
  };
}
