import { withoutTrackingParams } from '@/lib/tracking-params.mjs';
import { prefixes } from '@/lib/i18n/locales';

// The address Next renders and the page cache keeps for a shared link (scripts/page-cache.mjs).

describe('withoutTrackingParams', () => {
  // prettier-ignore
  const rows: [url: string, untagged: string][] = [
    ['/fr/colis?utm_source=facebook&utm_medium=social&utm_campaign=ete', '/fr/colis'],
    ['/fr/colis/abc?fbclid=IwAR0', '/fr/colis/abc'],
    ['/ar/trajets?from=Tunis&gclid=1&to=Paris', '/ar/trajets?from=Tunis&to=Paris'],
    ['/en?msclkid=1&mc_eid=2&igshid=3&ttclid=4&ref=5&dclid=6&gbraid=7&wbraid=8', '/en'],
    ['/tn/faq?UTM_Source=x&utm_content=y&utm_term=z&utm_id=1', '/tn/faq'],
    ['/fr/simulateur-prix/resultat?weight=5&utm_source=x&distance=900', '/fr/simulateur-prix/resultat?weight=5&distance=900'],
    ['/fr/colis?utm%5Fsource=x&q=%C3%A9', '/fr/colis?q=%C3%A9'],
    // Nothing to leave out: as it was, even its odd spelling.
    ['/fr/colis?from=Tunis&&to=Paris', '/fr/colis?from=Tunis&&to=Paris'],
    ['/fr/colis?reference=1&refx=2&utm=3', '/fr/colis?reference=1&refx=2&utm=3'],
    ['/fr/colis', '/fr/colis'],
    // `/` and un-prefixed paths: the proxy redirects them with their query, for the browser's next address.
    ['/?utm_source=x', '/?utm_source=x'],
    ['/colis?fbclid=1', '/colis?fbclid=1'],
    ['/de/colis?fbclid=1', '/de/colis?fbclid=1'],
    ['/api/user/v1/packages?ref=1', '/api/user/v1/packages?ref=1'],
  ];
  it.each(rows)('%s → %s', (url, untagged) => expect(withoutTrackingParams(url)).toBe(untagged));

  it('applies to every language of lib/i18n/locales.ts', () => {
    for (const prefix of prefixes) {
      expect(withoutTrackingParams(`/${prefix}?fbclid=1`)).toBe(`/${prefix}`);
      expect(withoutTrackingParams(`/${prefix}/colis?utm_source=x`)).toBe(`/${prefix}/colis`);
    }
  });
});
