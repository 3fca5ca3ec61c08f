import { countedPages, pageOfPath } from '@/lib/counted-pages';
import { prefixes } from '@/lib/i18n/locales';
import { staticPages } from '@/lib/routes';

// Which page a counted visit is (lib/server/traffic/): the one table of templates.

describe('pageOfPath', () => {
  // prettier-ignore
  const rows: [path: string, page: ReturnType<typeof pageOfPath>][] = [
    ['/fr', { prefix: 'fr', template: '/' }],
    ['/ar/', { prefix: 'ar', template: '/' }],
    ['/fr/colis', { prefix: 'fr', template: '/colis' }],
    ['/tn/trajets', { prefix: 'tn', template: '/trajets' }],
    ['/fr/colis/6b366b0b624046e9d7d03f5a0dae4e7c', { prefix: 'fr', template: '/colis/[id]', listing: { kind: 'package', id: '6b366b0b624046e9d7d03f5a0dae4e7c' } }],
    ['/en/trajet/Ab_c-9xYz', { prefix: 'en', template: '/trajet/[id]', listing: { kind: 'travel', id: 'Ab_c-9xYz' } }],
    ['/fr/envoyer-colis/tunisie', { prefix: 'fr', template: '/envoyer-colis/[slug]' }],
    ['/ar/livraison-colis/france', { prefix: 'ar', template: '/livraison-colis/[slug]' }],
    ['/fr/envoi-colis/paris/tunis', { prefix: 'fr', template: '/envoi-colis/[from]/[to]' }],
    ['/ar/envoi-colis/la-marsa/marseille', { prefix: 'ar', template: '/envoi-colis/[from]/[to]' }],
    ['/fr/autour-de-moi', { prefix: 'fr', template: '/autour-de-moi' }],
    ['/fr/simulateur-prix', { prefix: 'fr', template: '/simulateur-prix' }],
    ['/fr/simulateur-prix/resultat', { prefix: 'fr', template: '/simulateur-prix/resultat' }],
    ['/fr/faq', { prefix: 'fr', template: '/faq' }],
    // Not counted: member, guest and staff screens, unknown pages and languages, odd segments.
    ['/fr/mes-colis', null],
    ['/fr/connexion', null],
    ['/fr/statistiques', null],
    ['/fr/moderation', null],
    ['/fr/profil/abc', null],
    ['/fr/colis/abc/def', null],
    ['/fr/colis/' + 'a'.repeat(65), null],
    ['/fr/colis/a%20b', null],
    ['/fr/colis/%E0%A4%A', null],
    ['/de/colis', null],
    ['/colis', null],
    ['/', null],
    ['', null],
  ];
  it.each(rows)('%s', (path, page) => expect(pageOfPath(path)).toEqual(page));

  it('counts every content page of lib/routes.ts in every language, each under one template', () => {
    for (const prefix of prefixes)
      for (const slug of staticPages) expect(pageOfPath(`/${prefix}/${slug}`)?.template).toBe(`/${slug}`);
    const templates = countedPages.map((page) => page.template);
    expect(new Set(templates).size).toBe(templates.length);
  });
});
