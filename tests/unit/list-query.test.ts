import { canonicalListUrl, listPagePath } from '@/lib/list-query.mjs';
import { listPages, listingSegments } from '@/lib/routes';
import { prefixes } from '@/lib/i18n/locales';

// The canonical URL of a filtered list, under which the production server keeps it (scripts/page-cache.mjs).

describe('listPagePath', () => {
  it('is the lists of lib/routes.ts in every language of lib/i18n/locales.ts, and nothing else', () => {
    for (const prefix of prefixes)
      for (const list of listPages) expect(listPagePath.test(`/${prefix}/${list}`)).toBe(true);
    const others = [
      '/fr',
      '/colis',
      '/de/colis',
      `/fr/${listingSegments.travel.detail}`,
      '/fr/colis/abc',
      '/fr/colis/resultats',
      '/fr/colis/',
    ];
    for (const path of others) expect(listPagePath.test(path)).toBe(false);
  });
});

describe('canonicalListUrl', () => {
  // prettier-ignore
  const rows: [path: string, query: string, canonical: string | null][] = [
    ['/fr/colis',   'from=Tunis&to=Paris',                     '/fr/colis?from=Tunis&to=Paris'],
    ['/fr/colis',   '?to=Paris&from=Tunis',                    '/fr/colis?from=Tunis&to=Paris'],
    ['/fr/colis',   'sort=price&cursor=abc&from=Tunis',        '/fr/colis?from=Tunis&sort=price&cursor=abc'],
    ['/ar/trajets', 'type=car&utm_source=mail&fbclid=x',       '/ar/trajets?type=car'],
    ['/fr/colis',   'from=Tunis&from=Sfax',                    '/fr/colis?from=Tunis'],
    ['/fr/colis',   'from=&to=Paris&maxPrice=',                '/fr/colis?to=Paris'],
    ['/fr/colis',   'from=Saint%20Denis',                      '/fr/colis?from=Saint+Denis'],
    ['/fr/colis',   'from=Saint+Denis',                        '/fr/colis?from=Saint+Denis'],
    ['/fr/colis',   'from=%20Tunis',                           '/fr/colis?from=+Tunis'],
    ['/fr/colis',   'to=&from=',                               '/fr/colis?from='],
    ['/fr/colis',   'sort=',                                   '/fr/colis?from='],
    ['/fr/colis',   'utm_source=mail',                         null],
    ['/fr/colis',   '',                                        null],
    ['/fr/contact', 'from=Tunis',                              null],
    ['/fr/colis/x', 'from=Tunis',                              null],
  ];
  it.each(rows)('%s?%s → %s', (path, query, canonical) => {
    expect(canonicalListUrl(path, query)).toBe(canonical);
  });
});
