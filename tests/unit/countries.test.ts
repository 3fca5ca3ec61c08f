/** @jest-environment node */
import { countries, listingCountries, otherDestinations, servedFirst } from '@/lib/countries';
import { bestMatch, matchCountries, normalizeMobilePhone, phoneCountries } from '@/lib/phone';
import { findPlace, placeCountries } from '@/lib/places';
import { ROUTES } from '@/lib/server/db/seed/routes';
import { phoneCodeCountries } from '@/lib/domain';

describe('the phone step’s countries', () => {
  it('lists the served nine first, then the other countries listings go to (codes go there only) by name', () => {
    const { served, others } = phoneCountries('fr');
    expect(served.map((c) => c.country)).toEqual(countries.map((c) => c.code));
    expect(served[0]).toEqual({ country: 'TN', dial: '+216', name: 'Tunisie' });
    expect(others.map((c) => c.country).sort()).toEqual([...otherDestinations].sort());
    expect([...served, ...others].map((c) => c.country).sort()).toEqual([...phoneCodeCountries].sort());
    expect(others.find((c) => c.country === 'GB')).toEqual({ country: 'GB', dial: '+44', name: 'Royaume-Uni' });
    expect(others.find((c) => c.country === 'TR')).toEqual({ country: 'TR', dial: '+90', name: 'Turquie' });
    expect(others.some((c) => served.some((s) => s.country === c.country))).toBe(false);
    const names = others.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
    expect(phoneCountries('ar').others.find((c) => c.country === 'LY')?.name).toBe('ليبيا');
  });

  it('are searched by name (accents and case folded), ISO code or calling code', () => {
    const { served, others } = phoneCountries('fr');
    const all = [...served, ...others];
    const codes = (query: string) => matchCountries(all, query).map((c) => c.country);
    expect(codes('turquie')).toEqual(['TR']);
    expect(codes('ROYAUME')).toContain('GB');
    expect(codes('algerie')).toEqual(['DZ']);
    expect(codes('+90')).toContain('TR');
    expect(codes('0044')).toContain('GB');
    expect(codes('gb')).toContain('GB');
    expect(codes('  ')).toHaveLength(all.length);
    expect(codes('zzzz')).toEqual([]);
    // "turq" also matches "Îles Turques-et-Caïques": the name that starts with it wins.
    expect(bestMatch(matchCountries(all, 'turq'), 'turq')?.country).toBe('TR');
  });

  it('accept mobiles from anywhere, not landlines nor unassigned codes', () => {
    expect(normalizeMobilePhone('+44 7911 123456')).toBe('+447911123456');
    expect(normalizeMobilePhone('+90 532 123 45 67')).toBe('+905321234567');
    expect(normalizeMobilePhone('+218 91 234 5678')).toBe('+218912345678');
    expect(normalizeMobilePhone('+44 20 7946 0018')).toBeUndefined();
    expect(normalizeMobilePhone('+999 12345678')).toBeUndefined();
  });
});

describe('the list filters’ countries', () => {
  it('are where the demo listings go (London, Tripoli, Istanbul...), each with places in the gazetteer', () => {
    const going = new Set(
      ROUTES.flatMap(([fromCity, from, toCity, to]) => [
        findPlace(fromCity, from)!.country,
        findPlace(toCity, to)!.country,
      ]),
    );
    expect(['GB', 'LY', 'TR'].every((country) => going.has(country))).toBe(true);
    expect([...going].sort()).toEqual([...listingCountries].sort());
    const inGazetteer = new Set(placeCountries());
    for (const country of listingCountries) expect(inGazetteer.has(country) || country).toBe(true);
  });

  it('are named in the page’s language, the nine first', () => {
    const { served, others } = servedFirst(listingCountries, 'ar');
    expect(served.map((c) => c.code)).toEqual(countries.map((c) => c.code));
    expect(others.map((c) => c.name)).toContain('تركيا');
    expect(others).toHaveLength(otherDestinations.length);
  });
});
