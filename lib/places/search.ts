// The places search: a city however it is typed, from indexes built once in memory over the
// gazetteer (docs/decisions/0037-places-found-however-spelled.md; its bench beside pg_trgm in
// docs/benchmarks.md). Sorted tables answer the exact and prefix matches by binary search; a
// trigram index finds the few names a misspelled query can be near before their edit distance is
// computed.
import { countries } from '@/lib/countries';
import { isLocale, locales, type Locale } from '@/lib/i18n/locales';
import { allPlaces, placeName, type Place } from './data';
import { normalizePlaceName } from './normalize';
import { latinFold, prefixDistance, skeletonMinLength, skeletons, typosAllowed } from './spelling';

/** Strings in order, each with the entry (the place's index in allPlaces()) it names. */
type Table = { strings: string[]; entries: Int32Array };

type Index = {
  places: Place[];
  /** Normalised name shown in each locale, by entry. */
  display: Partial<Record<Locale, string>>[];
  names: Table; // every normalised name: exact (tier 0) and whole-name prefix (tier 1)
  tails: Table; // a name from a later word on ("bou said", "said"), القيروان without ال: tier 2
  folded: Table; // names and tails in one spelling (./spelling.ts latinFold): tier 3
  foldedOf: string[][]; // the same, by entry
  skeletons: Table; // consonant skeletons: exact (tier 4), prefix (tier 5)
  /** Tier 6; `counts`: a scratch array of shared trigrams per string, left at zeros after each search. */
  fuzzy: { strings: string[]; entries: Int32Array; grams: Map<string, number[]>; counts?: Uint8Array };
};

let index: Index | undefined;
const servedCountries = new Set<string>(countries.map((country) => country.code));

function table(pairs: [string, number][]): Table {
  const unique = new Map<string, [string, number]>();
  for (const pair of pairs) if (pair[0]) unique.set(`${pair[0]}\u0000${pair[1]}`, pair);
  const sorted = [...unique.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return { strings: sorted.map((p) => p[0]), entries: Int32Array.from(sorted.map((p) => p[1])) };
}

/** The rows of `t` whose string starts with `prefix`: [from, to). */
function prefixRange(t: Table, prefix: string): [number, number] {
  let lo = 0;
  let hi = t.strings.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.strings[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < t.strings.length && t.strings[end]!.startsWith(prefix)) end++;
  return [lo, end];
}

/** Tails of a normalised name starting at each later word ("sidi bou said" → "bou said", "said"). */
function wordTails(key: string): string[] {
  const tails: string[] = [];
  const words = key.split(' ');
  for (let i = 0; i < words.length; i++) {
    const tail = words.slice(i).join(' ');
    if (i > 0) tails.push(tail);
    // Arabic article: "قيروان" finds "القيروان".
    if (/^ال\p{L}{2}/u.test(tail)) tails.push(tail.slice(2));
  }
  return tails;
}

/** The trigrams of a string as the start of a name: "  m", " ma", "mar"... */
function trigrams(text: string): string[] {
  const padded = `  ${text}`;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return [...grams];
}

function getIndex(): Index {
  if (index) return index;
  const places = allPlaces();
  const names: [string, number][] = [];
  const tails: [string, number][] = [];
  const folded: [string, number][] = [];
  const bones: [string, number][] = [];
  const foldedOf: string[][] = [];
  places.forEach((place, entry) => {
    foldedOf[entry] = [];
    const { fr, en, ar } = place.names;
    const keys = [...new Set([place.name, fr, en, ar].filter((s): s is string => !!s).map(normalizePlaceName))];
    for (const key of keys) {
      if (!key) continue;
      names.push([key, entry]);
      const keyTails = wordTails(key);
      for (const tail of keyTails) tails.push([tail, entry]);
      for (const form of [key, ...keyTails]) {
        folded.push([latinFold(form), entry]);
        foldedOf[entry]!.push(latinFold(form));
      }
      for (const skeleton of skeletons(key)) bones.push([skeleton, entry]);
    }
  });
  const foldedTable = table(folded);
  const grams = new Map<string, number[]>();
  foldedTable.strings.forEach((text, row) => {
    for (const gram of trigrams(text)) {
      const rows = grams.get(gram);
      if (rows) rows.push(row);
      else grams.set(gram, [row]);
    }
  });
  index = {
    places,
    display: places.map((place) =>
      Object.fromEntries(locales.map((locale) => [locale, normalizePlaceName(placeName(place, locale))])),
    ),
    names: table(names),
    tails: table(tails),
    folded: foldedTable,
    foldedOf,
    skeletons: table(bones),
    fuzzy: { ...foldedTable, grams },
  };
  return index;
}

/** Builds the indexes now rather than at the first search (a server's start, a benchmark's warm-up). */
export function preparePlacesSearch(): void {
  getIndex();
}

type Hit = { entry: number; tier: number; rank: number };

/** The fuzzy tier: names within `typosAllowed` edits of the query's start, by distance (rank). */
function nearNames(ix: Index, query: string, letters: number): Hit[] {
  const max = typosAllowed(letters);
  if (!max) return [];
  const grams = trigrams(query);
  // An edit changes at most 4 of the query's trigrams (a swap of neighbours): a name within `max`
  // edits of the query shares at least the rest.
  const needed = Math.max(1, grams.length - 4 * max);
  const counts = (ix.fuzzy.counts ??= new Uint8Array(ix.fuzzy.strings.length));
  const touched: number[] = [];
  for (const gram of grams)
    for (const row of ix.fuzzy.grams.get(gram) ?? []) if (counts[row]!++ === 0) touched.push(row);
  const best = new Map<number, number>();
  for (const row of touched) {
    const count = counts[row]!;
    counts[row] = 0;
    if (count < needed) continue;
    const entry = ix.fuzzy.entries[row]!;
    const distance = prefixDistance(query, ix.fuzzy.strings[row]!, max);
    if (distance <= max && distance < (best.get(entry) ?? Infinity)) best.set(entry, distance);
  }
  return [...best].map(([entry, distance]) => ({ entry, tier: 6, rank: distance }));
}

/**
 * Autocomplete, and the city of a filter or an address, however it is typed. Tiers, best first:
 * (0) a name equal to the query, (1) a name starting with it, (2) a later word starting with it
 * ("bou said" finds Sidi Bou Saïd), (3) the same in one spelling of transliterations (Jerba,
 * Hamamet, Sfaks, Qairouan, marseile), (4) the same consonants (Binzart is Bizerte's بنزرت, Bgayet
 * Béjaïa's بجاية), (5) consonants starting with the query's, (6) one letter wrong in a query of 5
 * letters or more, two from 8, at the start of a name. Case, accents, punctuation and Arabic
 * spelling variants never count. Within a tier: the name shown in `locale` first, then the largest
 * population. A tier is searched only while the better ones found fewer than `limit` places.
 */
export function searchPlaces(
  query: string,
  options: { country?: string; limit?: number; locale?: string } = {},
): Place[] {
  const q = normalizePlaceName(query);
  const limit = options.limit ?? 8;
  if (!q || limit <= 0) return [];
  const country = options.country?.toUpperCase();
  const locale = options.locale && isLocale(options.locale) ? options.locale : undefined;
  const ix = getIndex();
  const found = new Map<number, Hit>();
  const add = (hits: Hit[]) => {
    for (const hit of hits) {
      if (country && ix.places[hit.entry]!.country !== country) continue;
      const known = found.get(hit.entry);
      if (!known || hit.tier < known.tier || (hit.tier === known.tier && hit.rank < known.rank))
        found.set(hit.entry, hit);
    }
  };
  const fromTable = (t: Table, prefix: string, exactTier: number, prefixTier: number) => {
    const [from, to] = prefixRange(t, prefix);
    const hits: Hit[] = [];
    for (let row = from; row < to; row++)
      hits.push({ entry: t.entries[row]!, tier: t.strings[row] === prefix ? exactTier : prefixTier, rank: 0 });
    return hits;
  };

  const fq = latinFold(q);
  const letters = q.replace(/ /g, '').length;
  const tiers: (() => Hit[])[] = [
    () => [...fromTable(ix.names, q, 0, 1), ...fromTable(ix.tails, q, 2, 2)],
    () => fromTable(ix.folded, fq, 3, 3),
    // A skeleton of three consonants is the start of too many others for a query under 4 letters.
    () =>
      skeletons(q).flatMap((s) => fromTable(ix.skeletons, s, 4, s.length > skeletonMinLength || letters >= 4 ? 5 : 99)),
    () => nearNames(ix, fq, letters),
  ];
  for (const tier of tiers) {
    if (found.size >= limit) break;
    add(tier().filter((hit) => hit.tier < 99));
  }

  // A guess (tier 3 on) is ranked by how far the query is from the place's closest name, then the
  // served countries first: Bgayet is Béjaïa rather than Bogotá, Kairawan Kairouan rather than A Coruña.
  const closeness = (hit: Hit) =>
    hit.tier < 3 || hit.tier === 6
      ? hit.rank
      : Math.min(...ix.foldedOf[hit.entry]!.map((name) => prefixDistance(fq, name, 4)));
  const served = (hit: Hit) => (hit.tier >= 3 && !servedCountries.has(ix.places[hit.entry]!.country) ? 1 : 0);
  const shown = (entry: number, tier: number) =>
    tier <= 2 && locale && ix.display[entry]![locale]?.startsWith(q) ? 0 : 1;
  return [...found.values()]
    .map((hit) => ({
      ...hit,
      rank: closeness(hit),
      served: served(hit),
      place: ix.places[hit.entry]!,
      shown: shown(hit.entry, hit.tier),
    }))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        a.rank - b.rank ||
        a.served - b.served ||
        a.shown - b.shown ||
        b.place.population - a.place.population ||
        a.place.name.length - b.place.name.length ||
        a.place.id - b.place.id,
    )
    .slice(0, limit)
    .map((hit) => hit.place);
}

/** The place one of whose names equals `name` once normalised (largest population wins). */
export function findPlace(name: string, country?: string): Place | undefined {
  const q = normalizePlaceName(name);
  if (!q) return undefined;
  const wanted = country?.toUpperCase();
  const ix = getIndex();
  const [from, to] = prefixRange(ix.names, q);
  let best: Place | undefined;
  for (let row = from; row < to; row++) {
    if (ix.names.strings[row] !== q) continue;
    const place = ix.places[ix.names.entries[row]!]!;
    if (wanted && place.country !== wanted) continue;
    if (!best || place.population > best.population) best = place;
  }
  return best;
}

/**
 * Every form the search compares, by kind, with its place: what a database would index to answer
 * the same lookups (scripts/bench/places.ts compares the two).
 */
export function placesSearchForms(): { kind: 'name' | 'tail' | 'folded' | 'skeleton'; text: string; place: Place }[] {
  const ix = getIndex();
  const tables = { name: ix.names, tail: ix.tails, folded: ix.folded, skeleton: ix.skeletons } as const;
  return Object.entries(tables).flatMap(([kind, t]) =>
    t.strings.map((text, row) => ({
      kind: kind as keyof typeof tables,
      text,
      place: ix.places[t.entries[row]!]!,
    })),
  );
}
