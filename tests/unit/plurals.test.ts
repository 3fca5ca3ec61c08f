/** @jest-environment node */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import fr from '@/messages/fr.json';
import en from '@/messages/en.json';
import tn from '@/messages/tn.json';
import ar from '@/messages/ar.json';

// Every message with a count says it with the language's plural forms (ICU `plural`).
//
// A count is an argument named `count`, `n`, `hours`, `days`, `minutes` or `seconds`, or ending in `Count`.
// It must sit in a `plural` with at least the categories the language needs: French and English one
// and other; Arabic and Tunisian zero, one, two, few, many and other (an `=0` may come besides). Every
// other `plural` of the files needs the same categories.
//
// Exceptions: a count written as a bare figure that no word agrees with ("Filtres (3)", "Non lus : 12",
// "Photo 2 sur 5"), in every language.

const isCount = (name: string) => /^(count|n|hours|days|minutes|seconds)$|Count$/.test(name);

const bareFigures = new Set([
  'Header.unread',
  'Messaging.unread',
  'Listings.filtersActive',
  'ListingDetail.photo',
  'Nearby.summary',
  'Nearby.markerMany',
  'Nearby.clusterTitle',
  'Nearby.clusterMore',
  'Profile.likes',
  'Profile.deliveredBase',
  'Simulator.explanationDefaultRoute',
]);

const catalogues = { fr, en, tn, ar } as const;
const categories: Record<keyof typeof catalogues, string[]> = {
  fr: ['one', 'other'],
  en: ['one', 'other'],
  tn: ['zero', 'one', 'two', 'few', 'many', 'other'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
};

function* messages(tree: object, path = ''): Generator<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') yield [at, value];
    else if (value && typeof value === 'object') yield* messages(value as object, at);
  }
}

type Use = { name: string; plural: string[] | null };

/** Every argument of a message, with the categories of the plural it is in (null when it is a plain argument). */
function uses(elements: MessageFormatElement[]): Use[] {
  const found: Use[] = [];
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number)
      found.push({ name: element.value, plural: null });
    if (element.type === TYPE.plural) found.push({ name: element.value, plural: Object.keys(element.options) });
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) found.push(...uses(option.value));
    if (element.type === TYPE.tag) found.push(...uses(element.children));
  }
  return found;
}

function problems(language: keyof typeof catalogues): string[] {
  const found: string[] = [];
  for (const [key, text] of messages(catalogues[language])) {
    for (const use of uses(parse(text))) {
      if (use.plural) {
        const missing = categories[language].filter((c) => !use.plural!.includes(c));
        if (missing.length) found.push(`${key}: {${use.name}} lacks ${missing.join(', ')}`);
      } else if (isCount(use.name) && !bareFigures.has(key)) found.push(`${key}: {${use.name}} is not a plural`);
    }
  }
  return found;
}

describe.each(Object.keys(catalogues) as (keyof typeof catalogues)[])('the %s messages', (language) => {
  it('say every count with the plural forms of the language', () => {
    expect(problems(language)).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds a count without plural, and a plural without the language’s forms', () => {
    const check = (text: string, categoriesOf: string[]) =>
      uses(parse(text)).filter(
        (u) => (u.plural && categoriesOf.some((c) => !u.plural!.includes(c))) || (!u.plural && isCount(u.name)),
      ).length;
    expect(check('{count} annonces', categories.fr)).toBe(1);
    expect(check('{listingCount} annonces', categories.fr)).toBe(1);
    expect(check('{count, plural, one {# annonce} other {# annonces}}', categories.fr)).toBe(0);
    expect(check('{count, plural, one {إعلان} other {# إعلانات}}', categories.ar)).toBe(1);
    expect(check('{name} : {price}', categories.ar)).toBe(0);
  });

  it('lists only exceptions that exist and that have a count', () => {
    for (const key of bareFigures) {
      const [namespace, name] = key.split('.') as [keyof typeof fr, string];
      const text = (fr[namespace] as Record<string, string>)[name];
      expect(text).toBeDefined();
      expect(uses(parse(text!)).some((u) => isCount(u.name))).toBe(true);
    }
  });
});
