// The URL slug of a place (route pages, /{lang}/envoi-colis/{from}/{to}): its French name in lower
// case ASCII with hyphens (`paris`, `la-marsa`, `houmt-souk-djerba`). When places share a name, the
// largest keeps the bare slug and the others add their country (`hammamet-dz`), then their id.
import { allPlaces, type Place } from './data';

let bySlug: Map<string, Place> | undefined;
let slugOf: Map<number, string> | undefined;

/** A name as a URL slug: `Genève` → `geneve`, `Houmt Souk (Djerba)` → `houmt-souk-djerba`. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe')
    .replace(/[øł]/g, (c) => (c === 'ø' ? 'o' : 'l'))
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function build() {
  bySlug = new Map();
  slugOf = new Map();
  // allPlaces() is largest first: the first of a name takes its bare slug.
  for (const place of allPlaces()) {
    const base = slugify(place.names.fr) || String(place.id);
    const candidates = [
      base,
      `${base}-${place.country.toLowerCase()}`,
      `${base}-${place.country.toLowerCase()}-${Math.abs(place.id)}`,
    ];
    const slug = candidates.find((candidate) => !bySlug!.has(candidate)) ?? `${base}-${place.id}`;
    bySlug.set(slug, place);
    slugOf.set(place.id, slug);
  }
  return { bySlug, slugOf };
}

export function placeSlug(place: Place): string {
  return (slugOf ?? build().slugOf).get(place.id) ?? slugify(place.names.fr);
}

export function placeBySlug(slug: string): Place | undefined {
  return (bySlug ?? build().bySlug).get(slug);
}
