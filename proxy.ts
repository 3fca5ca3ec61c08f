import { NextResponse, type NextRequest } from 'next/server';
import { detectPrefix, languageCookie } from '@/lib/i18n/detect';
import { isPrefix } from '@/lib/i18n/locales';
import { withoutBlankFilters } from '@/lib/list-query.mjs';
import { isGuestPath, isMemberPath, legacyPaths, listFilterKeys, listPages } from '@/lib/routes';
import { env } from '@/lib/env';
import { contentSecurityPolicy, imageOriginsOf } from '@/lib/server/http/security-headers.mjs';
import { sessionCookieNames } from '@/lib/session-cookie';

function redirectTo(request: NextRequest, pathname: string, status: 307 | 308) {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  return NextResponse.redirect(url, status);
}

export function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  const [first = '', ...rest] = pathname.split('/').filter(Boolean);

  if (!first) {
    const prefix = detectPrefix({
      query: searchParams.get('lng'),
      cookie: request.cookies.get(languageCookie)?.value,
      acceptLanguage: request.headers.get('accept-language'),
    });
    const url = request.nextUrl.clone();
    url.pathname = `/${prefix}`;
    url.searchParams.delete('lng');
    const response = NextResponse.redirect(url, 307);
    response.cookies.set(languageCookie, prefix, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
    response.headers.set('Vary', 'Accept-Language, Cookie');
    return response;
  }

  if (!isPrefix(first)) {
    const target = legacyPaths[first];
    if (target) return redirectTo(request, ['', 'fr', target, ...rest].join('/'), 308);
    const url = request.nextUrl.clone();
    url.pathname = '/fr';
    url.search = '';
    return NextResponse.redirect(url, 307);
  }

  // A list with filters or a next page is rendered per request; the bare list stays cached.
  if (
    rest.length === 1 &&
    (listPages as readonly string[]).includes(rest[0] ?? '') &&
    listFilterKeys.some((key) => searchParams.has(key))
  ) {
    // The filter form sends every field, filled or not: its address keeps the filled ones only (the
    // production server's page cache says the same before Next sees the request).
    const clean = withoutBlankFilters(pathname, request.nextUrl.search);
    if (clean !== null) return NextResponse.redirect(new URL(clean, request.nextUrl), 308);
    const url = request.nextUrl.clone();
    url.pathname = `${pathname}/resultats`;
    return NextResponse.rewrite(url);
  }

  if (isMemberPath(rest[0]) && !sessionCookieNames.some((name) => request.cookies.has(name))) {
    const url = request.nextUrl.clone();
    url.pathname = `/${first}/connexion`;
    url.search = '';
    // The query comes back too: publier-colis?from={id} (a duplicate) after signing in.
    url.searchParams.set('next', pathname + request.nextUrl.search);
    return NextResponse.redirect(url, 307);
  }

  if (isMemberPath(rest[0]) || isGuestPath(rest[0])) return withNonce(request);

  return NextResponse.next();
}

/**
 * The member and guest screens are rendered per request, so their scripts can carry a nonce: Next
 * reads it from the request's Content-Security-Policy and puts it on every script it writes, and
 * the answer's policy allows those scripts only (lib/server/http/security-headers.mjs).
 */
function withNonce(request: NextRequest) {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const policy = contentSecurityPolicy({ nonce, https, images: imageOriginsOf(env.S3_PUBLIC_URL) });
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  return response;
}

// The proxy costs throughput on every request it sees (DESIGN.md), so it sees only `/`, paths
// without a language prefix, the member and guest screens, and a list whose query holds a filter. Next reads
// the matcher statically, so every entry is spelled out; a unit test keeps them equal to listFilterKeys.
export const config = {
  matcher: [
    '/',
    '/((?!(?:fr|en|tn|ar)(?:/|$)|_next/|api/|.*\\.[a-z0-9]+$).*)',
    '/(fr|en|tn|ar)/(ajouter-colis|ajouter-trajet|mon-dashboard|mes-trajets|mes-colis|mes-favoris|messagerie|mes-propositions|verification-telephone|modifier-telephone|parametres|paiements|publier-colis|publier-trajet|modifier-colis|modifier-trajet)/:path*',
    '/(fr|en|tn|ar)/(connexion|inscription|inscription-sociale|mot-de-passe-oublie|reinitialiser-mot-de-passe)/:path*',
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'from' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'to' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'fromCountry' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'toCountry' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'after' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'before' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'minWeight' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'maxWeight' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'maxPrice' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'type' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'status' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'sort' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'cursor' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'limit' }] },
    { source: '/(fr|en|tn|ar)/(colis|trajets)', has: [{ type: 'query', key: 'verified' }] },
  ],
};
