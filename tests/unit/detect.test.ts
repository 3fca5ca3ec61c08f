/** @jest-environment node */
import { detectPrefix, parseAcceptLanguage, prefixForTag } from '@/lib/i18n/detect';

describe('prefixForTag', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-BE', 'fr'],
    ['EN-us', 'en'],
    ['ar', 'ar'],
    ['ar-MA', 'ar'],
    ['ar-TN', 'tn'],
    ['tn', 'tn'],
    ['aeb', 'tn'],
    ['de', undefined],
    ['', undefined],
  ])('%s → %s', (tag, expected) => {
    expect(prefixForTag(tag)).toBe(expected);
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by weight, keeps ties in order and drops q=0', () => {
    expect(parseAcceptLanguage('de;q=0.9, en;q=0.8, ar-TN, fr;q=0')).toEqual(['ar-TN', 'de', 'en']);
  });
  it('ignores garbage', () => {
    expect(parseAcceptLanguage(';;, *, en;q=abc')).toEqual([]);
  });
});

describe('detectPrefix: lng query, then i18next cookie, then Accept-Language, else fr', () => {
  it.each([
    [{ query: 'en', cookie: 'ar', acceptLanguage: 'tn' }, 'en'],
    [{ query: 'xx', cookie: 'ar', acceptLanguage: 'en' }, 'ar'],
    [{ query: null, cookie: 'zz', acceptLanguage: 'de, en;q=0.5' }, 'en'],
    [{ acceptLanguage: 'ar-TN,ar;q=0.9' }, 'tn'],
    [{ acceptLanguage: 'de, it' }, 'fr'],
    [{}, 'fr'],
  ])('%j → %s', (input, expected) => {
    expect(detectPrefix(input)).toBe(expected);
  });
});
