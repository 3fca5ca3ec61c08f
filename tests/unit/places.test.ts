/** @jest-environment node */
import {
  allPlaces,
  distanceKm,
  findPlace,
  placeById,
  placeBySlug,
  placeName,
  placeSlug,
  searchPlaces,
  type Place,
} from '@/lib/places';
import { latinFold, prefixDistance, skeletons } from '@/lib/places/spelling';

function only(name: string, country: string): Place {
  const place = findPlace(name, country);
  if (!place) throw new Error(`${name} (${country}) not found`);
  return place;
}

describe('gazetteer data', () => {
  const places = allPlaces();

  it('has a few thousand places, memoized', () => {
    expect(places.length).toBeGreaterThan(2500);
    expect(places.length).toBeLessThan(6000);
    expect(allPlaces()).toBe(places);
  });

  it('has coordinates in range, a name and a country for every record', () => {
    const bad = places.filter(
      (p) =>
        !(Number.isFinite(p.lat) && p.lat >= -90 && p.lat <= 90) ||
        !(Number.isFinite(p.lng) && p.lng >= -180 && p.lng <= 180) ||
        (p.lat === 0 && p.lng === 0) ||
        !p.name.trim() ||
        !p.names.fr.trim() ||
        !p.names.en.trim() ||
        (p.names.ar !== undefined && !/^[\u0600-\u06FF][\u0600-\u06FF ()-]*$/.test(p.names.ar)) ||
        !/^[A-Z]{2}$/.test(p.country) ||
        !(p.population >= 0),
    );
    expect(bad).toEqual([]);
  });

  it('has unique ids', () => {
    expect(new Set(places.map((p) => p.id)).size).toBe(places.length);
    const sfax = only('Sfax', 'TN');
    expect(placeById(sfax.id)).toBe(sfax);
    expect(placeById(123)).toBeUndefined();
  });

  it('covers the served countries down to 20 000 inhabitants, Tunisia down to 5 000', () => {
    for (const country of ['TN', 'FR', 'IT', 'MA', 'ES', 'BE', 'DZ', 'DE', 'CH']) {
      expect(places.filter((p) => p.country === country).length).toBeGreaterThan(20);
    }
    const small = places.filter((p) => p.population > 0 && p.population < 20000 && !p.capital);
    expect(small.length).toBeGreaterThan(50);
    expect(small.filter((p) => p.country !== 'TN' || p.population < 5000)).toEqual([]);
    expect(findPlace('Sidi Bou Saïd', 'TN')).toBeDefined(); // about 6 000 inhabitants
  });

  it('has the capital of countries of the world', () => {
    for (const [name, country] of [
      ['Tokyo', 'JP'],
      ['Ottawa', 'CA'],
      ['Dakar', 'SN'],
      ['Tunis', 'TN'],
      ['Paris', 'FR'],
      ['Bern', 'CH'],
      ['Nouakchott', 'MR'],
    ] as const) {
      expect(only(name, country).capital).toBe(true);
    }
    expect(only('Marseille', 'FR').capital).toBe(false);
    expect(allPlaces().filter((p) => p.capital).length).toBeGreaterThan(190);
  });
});

describe('names', () => {
  // [display name, country, French, English, Arabic]
  const main = [
    ['Tunis', 'TN', 'Tunis', 'Tunis', 'تونس'],
    ['Sfax', 'TN', 'Sfax', 'Sfax', 'صفاقس'],
    ['Sousse', 'TN', 'Sousse', 'Sousse', 'سوسة'],
    ['Paris', 'FR', 'Paris', 'Paris', 'باريس'],
    ['Marseille', 'FR', 'Marseille', 'Marseille', 'مرسيليا'],
    ['Lyon', 'FR', 'Lyon', 'Lyon', 'ليون'],
    ['Milano', 'IT', 'Milan', 'Milan', 'ميلانو'],
    ['Casablanca', 'MA', 'Casablanca', 'Casablanca', 'الدار البيضاء'],
    ['Madrid', 'ES', 'Madrid', 'Madrid', 'مدريد'],
    ['Bruxelles', 'BE', 'Bruxelles', 'Brussels', 'بروكسل'],
    ['Alger', 'DZ', 'Alger', 'Algiers', 'الجزائر'],
    ['Berlin', 'DE', 'Berlin', 'Berlin', 'برلين'],
    ['Genève', 'CH', 'Genève', 'Geneva', 'جنيف'],
  ] as const;

  it.each(main)('%s is found by its French, English and Arabic names', (name, country, fr, en, ar) => {
    const place = only(name, country);
    expect(place.names).toEqual({ fr, en, ar });
    for (const query of [fr, en, ar, name]) {
      expect(searchPlaces(query)[0]).toBe(place);
      expect(findPlace(query)).toBe(place);
    }
  });

  it('knows exonyms of the main cities', () => {
    expect(only('München', 'DE').names).toMatchObject({ fr: 'Munich', en: 'Munich' });
    expect(only('Köln', 'DE').names).toMatchObject({ fr: 'Cologne', en: 'Cologne' });
    expect(only('Genova', 'IT').names).toMatchObject({ fr: 'Gênes', en: 'Genoa' });
    expect(only('Antwerpen', 'BE').names).toMatchObject({ fr: 'Anvers', en: 'Antwerp' });
    expect(only('Sevilla', 'ES').names).toMatchObject({ fr: 'Séville', en: 'Seville' });
    expect(only('London', 'GB').names.fr).toBe('Londres');
    expect(findPlace('Le Caire')?.country).toBe('EG');
    expect(findPlace('Houmt Souk (Djerba)')?.country).toBe('TN');
  });

  it('has an Arabic name for every hand-checked city', () => {
    const arabic = [
      'تونس',
      'صفاقس',
      'سوسة',
      'القيروان',
      'بنزرت',
      'قابس',
      'أريانة',
      'قفصة',
      'المنستير',
      'نابل',
      'مدنين',
      'حومة السوق (جربة)',
      'توزر',
      'المهدية',
      'باجة',
      'الكاف',
      'قبلي',
      'تطاوين',
      'سيدي بوزيد',
      'القصرين',
      'زغوان',
      'سليانة',
      'جندوبة',
      'منوبة',
      'بن عروس',
      'باريس',
      'مرسيليا',
      'ليون',
      'تولوز',
      'نيس',
      'نانت',
      'ستراسبورغ',
      'ليل',
      'بوردو',
      'مونبلييه',
      'ميلانو',
      'روما',
      'تورينو',
      'نابولي',
      'جنوة',
      'بولونيا',
      'الدار البيضاء',
      'الرباط',
      'مراكش',
      'فاس',
      'طنجة',
      'مدريد',
      'برشلونة',
      'فالنسيا',
      'إشبيلية',
      'بروكسل',
      'أنتويرب',
      'لييج',
      'الجزائر',
      'وهران',
      'قسنطينة',
      'عنابة',
      'برلين',
      'ميونخ',
      'فرانكفورت',
      'هامبورغ',
      'كولونيا',
      'جنيف',
      'زيورخ',
      'لوزان',
      'بازل',
      'برن',
      'لندن',
      'إسطنبول',
      'القاهرة',
      'طرابلس',
      'دبي',
      'مونتريال',
    ];
    const names = new Set(allPlaces().map((p) => p.names.ar));
    expect(arabic.filter((ar) => !names.has(ar))).toEqual([]);
    // The Tunisian governorate seats are the Tunisian ones.
    for (const ar of arabic.slice(0, 25)) expect(findPlace(ar, 'TN')?.names.ar).toBe(ar);
  });

  it('picks the name for a locale', () => {
    const geneva = only('Genève', 'CH');
    expect(placeName(geneva, 'fr')).toBe('Genève');
    expect(placeName(geneva, 'en')).toBe('Geneva');
    expect(placeName(geneva, 'ar')).toBe('جنيف');
    expect(placeName(geneva, 'ar-TN')).toBe('جنيف');
    const noArabic = allPlaces().find((p) => !p.names.ar && p.names.fr !== p.names.en);
    if (noArabic) expect(placeName(noArabic, 'ar')).toBe(noArabic.names.fr);
  });
});

describe('searchPlaces', () => {
  it('returns nothing for an empty query', () => {
    expect(searchPlaces('')).toEqual([]);
    expect(searchPlaces('   ')).toEqual([]);
    expect(searchPlaces('-')).toEqual([]);
  });

  it('ranks Sfax first for "sfa", in any case', () => {
    expect(searchPlaces('sfa')[0]?.name).toBe('Sfax');
    expect(searchPlaces('SFA')[0]?.name).toBe('Sfax');
  });

  it('matches Arabic names with spelling variants', () => {
    expect(searchPlaces('صفاقس')[0]?.name).toBe('Sfax');
    expect(searchPlaces('صفا')[0]?.name).toBe('Sfax');
    expect(searchPlaces('اريانه')[0]?.name).toBe('Ariana'); // أ → ا, ة → ه
    expect(searchPlaces('سُوسَة')[0]?.name).toBe('Sousse'); // tashkeel
    expect(searchPlaces('قيروان')[0]?.name).toBe('Kairouan'); // without the article
  });

  it('is accent-insensitive', () => {
    expect(searchPlaces('geneve')[0]?.name).toBe('Genève');
    expect(searchPlaces('GENÈVE')[0]?.name).toBe('Genève');
    expect(searchPlaces('munchen')[0]?.name).toBe('München');
    expect(searchPlaces('seville')[0]?.name).toBe('Sevilla');
  });

  it('matches the start of a later word', () => {
    expect(searchPlaces('sidi bou').map((p) => p.name)).toContain('Sidi Bou Saïd');
    expect(searchPlaces('bou said')[0]?.name).toBe('Sidi Bou Saïd');
    expect(searchPlaces('djerba').map((p) => p.name)).toContain('Houmt El Souk');
    expect(searchPlaces('ou')).not.toHaveLength(0);
  });

  it('ranks an exact match before longer names, then by population', () => {
    const results = searchPlaces('nice');
    expect(results[0]?.name).toBe('Nice');
    const par = searchPlaces('par', { limit: 20 });
    expect(par[0]?.name).toBe('Paris');
    const prefixed = par.filter((p) => p.name.toLowerCase().startsWith('par'));
    expect(prefixed.length).toBeGreaterThan(3);
    expect(par.slice(0, prefixed.length)).toEqual(prefixed); // whole-name prefixes before word prefixes
    const populations = prefixed.map((p) => p.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('filters by country and limits the results', () => {
    const tn = searchPlaces('s', { country: 'TN', limit: 20 });
    expect(tn).toHaveLength(20);
    expect(tn.every((p) => p.country === 'TN')).toBe(true);
    expect(tn[0]?.name).toBe('Sfax');
    expect(searchPlaces('s')).toHaveLength(8);
    expect(searchPlaces('tunis', { country: 'fr' }).every((p) => p.country === 'FR')).toBe(true);
    expect(searchPlaces('sfax', { country: 'FR' })).toEqual([]);
    expect(searchPlaces('sfax', { limit: 0 })).toEqual([]);
  });

  it('prefers the name shown in the locale', () => {
    // Genova (en Genoa) is larger than Genève (en Geneva): in English, "gene" shows Geneva first.
    expect(searchPlaces('gene')[0]?.name).toBe('Genova');
    expect(searchPlaces('gene', { locale: 'en' })[0]?.name).toBe('Genève');
    expect(searchPlaces('gene', { locale: 'xx' })[0]?.name).toBe('Genova');
  });
});

describe('places however they are spelled', () => {
  // [typed, the place it means (French name), its country]
  const spellings = [
    ['Jerba', 'Houmt Souk (Djerba)', 'TN'],
    ['Sfaks', 'Sfax', 'TN'],
    ['Safaqis', 'Sfax', 'TN'],
    ['Binzart', 'Bizerte', 'TN'],
    ['Bgayet', 'Bejaïa', 'DZ'],
    ['Qairouan', 'Kairouan', 'TN'],
    ['Kairawan', 'Kairouan', 'TN'],
    ['Hamamet', 'Hammamet', 'TN'],
    ['marseile', 'Marseille', 'FR'],
    ['Marsiele', 'Marseille', 'FR'], // two letters swapped, one missing: 8 letters allow two
    ['Parsi', 'Paris', 'FR'],
    ['tunsi', 'Tunis', 'TN'],
    ['Monastr', 'Monastir', 'TN'],
    ['Nabuel', 'Nabeul', 'TN'],
    ['Soussa', 'Sousse', 'TN'],
    ['Qabis', 'Gabès', 'TN'],
    ['Muenchen', 'Munich', 'DE'],
    ['El Mahdia', 'Mahdia', 'TN'],
    ['Binza', 'Bizerte', 'TN'], // typing it
    ['صفاقص', 'Sfax', 'TN'],
    ['بنزرط', 'Bizerte', 'TN'],
    ['جربة', 'Houmt Souk (Djerba)', 'TN'],
  ] as const;

  it.each(spellings)('finds %s: %s', (typed, fr, country) => {
    const first = searchPlaces(typed)[0];
    expect(first && `${first.names.fr} (${first.country})`).toBe(`${fr} (${country})`);
  });

  it('keeps typos for names of five letters or more', () => {
    expect(searchPlaces('Lyom')).toEqual([]); // four letters: no letter may be wrong
    expect(searchPlaces('Lyonn')[0]?.names.fr).toBe('Lyon');
    expect(searchPlaces('qwpzvbfdt')).toEqual([]);
  });

  it('folds transliterations and keeps consonant skeletons across scripts', () => {
    expect(latinFold('djerba')).toBe(latinFold('jerba'));
    expect(latinFold('hammamet')).toBe('hamamet');
    expect(latinFold('sfax')).toBe('sfaks');
    expect(latinFold('qairouan')).toBe(latinFold('kairouan'));
    expect(skeletons('binzart')).toEqual(skeletons('بنزرت'));
    expect(skeletons('paris')).toEqual(skeletons('باريس'));
    expect(skeletons('بجايه')).toContain(skeletons('bgayet')[0]); // a final ة said "et"
    expect(skeletons('la marsa')).toEqual(expect.arrayContaining(skeletons('المرسي')));
    expect(skeletons('ab')).toEqual([]);
  });

  it('measures how far a query is from the start of a name', () => {
    expect(prefixDistance('marsiel', 'marseille', 2)).toBe(1);
    expect(prefixDistance('mars', 'marseille', 2)).toBe(0);
    expect(prefixDistance('abc', 'xyz', 1)).toBe(2); // gives up past the bound
    expect(prefixDistance('parsi', 'paris', 1)).toBe(1);
  });

  it('keeps exact and prefix matches first, and does not guess when they fill the list', () => {
    expect(searchPlaces('Tunis')[0]?.names.fr).toBe('Tunis');
    expect(
      searchPlaces('Paris')
        .slice(0, 2)
        .map((p) => p.names.fr),
    ).toEqual(['Paris', 'Cormeilles-en-Parisis']);
    expect(searchPlaces('sfax', { country: 'FR' })).toEqual([]);
    expect(searchPlaces('Jerba', { country: 'TN' }).every((p) => p.country === 'TN')).toBe(true);
  });
});

describe('slugs', () => {
  it('names every place with a unique slug from its French name', () => {
    const slugs = allPlaces().map(placeSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.every((slug) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))).toBe(true);
    for (const place of allPlaces().slice(0, 300)) expect(placeBySlug(placeSlug(place))).toBe(place);
  });

  it('spells the big cities as people expect', () => {
    expect(placeSlug(only('Paris', 'FR'))).toBe('paris');
    expect(placeSlug(only('Tunis', 'TN'))).toBe('tunis');
    expect(placeSlug(only('La Marsa', 'TN'))).toBe('la-marsa');
    expect(placeSlug(only('Genève', 'CH'))).toBe('geneve');
    expect(placeSlug(only('Houmt Souk (Djerba)', 'TN'))).toBe('houmt-souk-djerba');
    // Two Hammamets: the larger keeps the bare slug.
    expect(placeSlug(only('Hammamet', 'TN'))).toBe('hammamet');
    expect(placeSlug(only('Hammamet', 'DZ'))).toBe('hammamet-dz');
    expect(placeBySlug('nowhere')).toBeUndefined();
  });
});

describe('findPlace', () => {
  it('needs the whole name, and the largest place wins', () => {
    expect(findPlace('sfa')).toBeUndefined();
    expect(findPlace('')).toBeUndefined();
    expect(findPlace('tunis')?.country).toBe('TN');
    expect(findPlace('Hammamet')?.country).toBe('TN');
    expect(findPlace('Hammamet', 'DZ')?.country).toBe('DZ');
    expect(findPlace('Tripoli')?.country).toBe('LY');
  });
});

describe('distanceKm', () => {
  it('measures great-circle distances', () => {
    const tunis = only('Tunis', 'TN');
    const paris = only('Paris', 'FR');
    const d = distanceKm(tunis, paris);
    expect(d).toBeGreaterThanOrEqual(1450);
    expect(d).toBeLessThanOrEqual(1500);
    expect(Number.isInteger(d)).toBe(true);
    expect(distanceKm(paris, tunis)).toBe(d);
    expect(distanceKm(tunis, tunis)).toBe(0);
    expect(distanceKm(only('Sfax', 'TN'), only('Sousse', 'TN'))).toBeGreaterThan(100);
    expect(distanceKm(only('Sfax', 'TN'), only('Sousse', 'TN'))).toBeLessThan(130);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBe(20015);
  });
});
