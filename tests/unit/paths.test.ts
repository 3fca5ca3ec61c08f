/** @jest-environment node */
import { localPath, pathInLanguage } from '@/lib/i18n/paths';
import { localeFromSegment, localePrefix, isRtl } from '@/lib/i18n/locales';
import { badgeText } from '@/lib/badge';
import { isBuilt } from '@/lib/routes';

describe('pathInLanguage', () => {
  it.each([
    ['/fr/faq', 'en', '/en/faq'],
    ['/tn/colis/abc', 'fr', '/fr/colis/abc'],
    ['/ar', 'tn', '/tn'],
    ['/', 'en', '/en'],
  ] as const)('%s in %s → %s', (path, prefix, expected) => {
    expect(pathInLanguage(path, prefix)).toBe(expected);
  });
});

it('builds local paths', () => {
  expect(localPath('tn', 'connexion')).toBe('/tn/connexion');
  expect(localPath('fr', '')).toBe('/fr');
});

it('maps the tn prefix to the ar-TN locale and back, right to left', () => {
  expect(localeFromSegment('tn')).toBe('ar-TN');
  expect(localeFromSegment('ar-TN')).toBe('ar-TN');
  expect(localeFromSegment('de')).toBeUndefined();
  expect(localePrefix('ar-TN')).toBe('tn');
  expect(isRtl('ar-TN')).toBe(true);
  expect(isRtl('ar')).toBe(true);
  expect(isRtl('fr')).toBe(false);
});

describe('badgeText caps the unread count, the same everywhere', () => {
  it.each([
    [0, null],
    [-3, null],
    [5, '5'],
    [10, '10'],
    [99, '99'],
    [100, '99+'],
  ])('%i → %s', (count, expected) => {
    expect(badgeText(count)).toBe(expected);
  });
});

describe('isBuilt: links are shown only to pages that exist (lib/routes.ts builtPages)', () => {
  it.each([
    ['', true],
    ['/faq', true],
    ['/colis', true],
    ['connexion', true],
    ['/modifier-telephone', true],
    ['/mes-colis#propositions-envoyees', true],
    ['/parametres#alertes', true],
    ['/mes-propositions/recues', true],
    ['/messagerie', true],
    ['/simulateur-prix', true],
    ['/autour-de-moi', true],
  ])('%s → %s', (path, built) => {
    expect(isBuilt(path)).toBe(built);
  });
});
