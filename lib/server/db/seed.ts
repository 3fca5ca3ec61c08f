import 'server-only';
import { hashPassword } from 'better-auth/crypto';
import sharp from 'sharp';
import { distanceKm, findPlace, placeName, type Place } from '@/lib/places';
import { normalizeMobilePhone } from '@/lib/phone';
import { saveUpload } from '../storage';
import { getDb, type Tx } from './client';
import { Rng } from './rng';
import { currencyOf, EU, PRICES } from './pricing';
import {
  accounts,
  contactMessages,
  conversations,
  favourites,
  likes,
  messages,
  newsletterSubscriptions,
  packageImages,
  packages,
  proposals,
  ratings,
  reports,
  travels,
  users,
} from './schema';

// The demo data set (CONTRACT.md "Demo data"): three demo accounts, about thirty other members,
// listings in every state on real routes, proposals, conversations, ratings and a few extras.
// Deterministic: one seeded PRNG, dates relative to the moment it runs. Called on an empty database.

const SEED = 0xc011b21;
const DEMO_PASSWORD = 'demo1234';
const BATCH = 100;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type ListingStatus = (typeof packages.$inferInsert)['status'] & string;
type TravelType = (typeof travels.$inferInsert)['travelType'];
type Currency = (typeof packages.$inferInsert)['currency'];
type ProposalStatus = (typeof proposals.$inferInsert)['status'] & string;
type MessageKind = (typeof messages.$inferInsert)['kind'] & string;
type MessageStatus = (typeof messages.$inferInsert)['status'] & string;

// ---------------------------------------------------------------- randomness

function asciiSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function round(value: number, step: number): number {
  return Math.round(Math.round(value / step) * step * 1000) / 1000;
}

async function insertBatches<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

// ---------------------------------------------------------------- people

type Person = {
  firstname: string;
  lastname: string;
  country: string;
  locales: readonly string[];
};

const DEMO = {
  sender: {
    email: 'sender@demo.colibri.tn',
    firstname: 'Amira',
    lastname: 'Ben Salah',
    phone: '+21620123456',
    phoneVerified: true,
    identityVerified: false,
    birthDate: '1991-04-17',
    locale: 'fr',
    ageDays: 430,
  },
  traveller: {
    email: 'traveller@demo.colibri.tn',
    firstname: 'Karim',
    lastname: 'Trabelsi',
    phone: '+33612345678',
    phoneVerified: true,
    identityVerified: true,
    birthDate: '1986-09-02',
    locale: 'fr',
    ageDays: 520,
  },
  newcomer: {
    email: 'newcomer@demo.colibri.tn',
    firstname: 'Sami',
    lastname: 'Gharbi',
    phone: null,
    phoneVerified: false,
    identityVerified: false,
    birthDate: '1999-12-05',
    locale: 'fr',
    ageDays: 3,
  },
} as const;

const MAGHREB_FR = ['fr', 'ar-TN', 'fr', 'ar-TN', 'fr', 'ar', 'en'] as const;
const PEOPLE: Person[] = [
  { firstname: 'Mohamed', lastname: 'Ben Ali', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Yasmine', lastname: 'Jebali', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Hichem', lastname: 'Mejri', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Nour', lastname: 'Hamdi', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Oussama', lastname: 'Khelifi', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Salma', lastname: 'Bouazizi', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Aymen', lastname: 'Chaabane', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Rania', lastname: 'Ayari', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Mehdi', lastname: 'Jlassi', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Ines', lastname: 'Dridi', country: 'TN', locales: MAGHREB_FR },
  { firstname: 'Julien', lastname: 'Martin', country: 'FR', locales: ['fr'] },
  { firstname: 'Camille', lastname: 'Dubois', country: 'FR', locales: ['fr'] },
  { firstname: 'Thomas', lastname: 'Lefèvre', country: 'FR', locales: ['fr'] },
  { firstname: 'Léa', lastname: 'Moreau', country: 'FR', locales: ['fr'] },
  { firstname: 'Nicolas', lastname: 'Bernard', country: 'FR', locales: ['fr', 'en'] },
  { firstname: 'Sarah', lastname: 'Haddad', country: 'FR', locales: ['fr', 'ar-TN'] },
  { firstname: 'Youssef', lastname: 'Mansouri', country: 'FR', locales: ['fr', 'ar'] },
  { firstname: 'Marco', lastname: 'Rossi', country: 'IT', locales: ['en', 'fr'] },
  { firstname: 'Giulia', lastname: 'Bianchi', country: 'IT', locales: ['en'] },
  { firstname: 'Luca', lastname: 'Ferrari', country: 'IT', locales: ['en', 'fr'] },
  { firstname: 'Omar', lastname: 'Benjelloun', country: 'MA', locales: ['fr', 'ar'] },
  { firstname: 'Khadija', lastname: 'Alaoui', country: 'MA', locales: ['ar', 'fr'] },
  { firstname: 'Fatima Zahra', lastname: 'El Idrissi', country: 'MA', locales: ['fr', 'ar'] },
  { firstname: 'Amine', lastname: 'Belkacem', country: 'DZ', locales: ['fr', 'ar'] },
  { firstname: 'Lina', lastname: 'Boudiaf', country: 'DZ', locales: ['fr', 'ar'] },
  { firstname: 'Riad', lastname: 'Saadi', country: 'DZ', locales: ['ar', 'fr'] },
  { firstname: 'Javier', lastname: 'García', country: 'ES', locales: ['en'] },
  { firstname: 'Lucía', lastname: 'Fernández', country: 'ES', locales: ['en', 'fr'] },
  { firstname: 'Pieter', lastname: 'Janssens', country: 'BE', locales: ['fr', 'en'] },
  { firstname: 'Sofia', lastname: 'El Amrani', country: 'BE', locales: ['fr', 'ar'] },
  { firstname: 'Lukas', lastname: 'Schneider', country: 'DE', locales: ['en'] },
  { firstname: 'Leila', lastname: 'Mahjoub', country: 'DE', locales: ['fr', 'ar-TN', 'en'] },
  { firstname: 'Nadia', lastname: 'Ben Amor', country: 'CH', locales: ['fr', 'ar-TN'] },
  { firstname: 'Marc', lastname: 'Keller', country: 'CH', locales: ['fr', 'en'] },
];

/** A random mobile number of the country, in E.164. */
function mobileCandidate(rng: Rng, country: string): string {
  const digits = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
  switch (country) {
    case 'TN':
      return `+216${rng.pick(['2', '5', '9'])}${digits(7)}`;
    case 'FR':
      return `+33${rng.pick(['6', '7'])}${digits(8)}`;
    case 'IT':
      return `+393${rng.pick(['2', '3', '4', '5', '6', '8', '9'])}${digits(8)}`;
    case 'MA':
      return `+212${rng.pick(['6', '7'])}${digits(8)}`;
    case 'ES':
      return `+346${digits(8)}`;
    case 'BE':
      return `+324${rng.pick(['7', '8', '9'])}${digits(7)}`;
    case 'DZ':
      return `+213${rng.pick(['5', '6', '7'])}${digits(8)}`;
    case 'DE':
      return `+4915${rng.pick(['1', '2', '7'])}${digits(8)}`;
    case 'CH':
      return `+417${rng.pick(['6', '7', '8', '9'])}${digits(7)}`;
    default:
      throw new Error(`[seed] no phone format for ${country}`);
  }
}

// ---------------------------------------------------------------- places and routes

function place(name: string, country: string): Place {
  const found = findPlace(name, country);
  if (!found) throw new Error(`[seed] "${name}" (${country}) is missing from the gazetteer (lib/places)`);
  return found;
}

/** Route pairs (either direction is used) with a weight. */
const ROUTES: [string, string, string, string, number][] = [
  // Tunisia <-> France
  ['Tunis', 'TN', 'Paris', 'FR', 9],
  ['Tunis', 'TN', 'Marseille', 'FR', 5],
  ['Tunis', 'TN', 'Lyon', 'FR', 4],
  ['Sfax', 'TN', 'Paris', 'FR', 3],
  ['Sousse', 'TN', 'Paris', 'FR', 3],
  ['Monastir', 'TN', 'Lyon', 'FR', 2],
  ['Houmt El Souk', 'TN', 'Paris', 'FR', 2],
  ['Houmt El Souk', 'TN', 'Lyon', 'FR', 1],
  ['Tunis', 'TN', 'Nice', 'FR', 2],
  ['Tunis', 'TN', 'Toulouse', 'FR', 2],
  ['Sfax', 'TN', 'Marseille', 'FR', 2],
  ['Tunis', 'TN', 'Lille', 'FR', 1],
  ['Tunis', 'TN', 'Strasbourg', 'FR', 1],
  ['Monastir', 'TN', 'Bordeaux', 'FR', 1],
  ['Tunis', 'TN', 'Montpellier', 'FR', 1],
  ['Gabès', 'TN', 'Marseille', 'FR', 1],
  ['Bizerte', 'TN', 'Marseille', 'FR', 1],
  ['Nabeul', 'TN', 'Paris', 'FR', 1],
  ['Kairouan', 'TN', 'Lyon', 'FR', 1],
  // Tunisia <-> Italy, Germany, Switzerland, Belgium
  ['Tunis', 'TN', 'Rome', 'IT', 2],
  ['Tunis', 'TN', 'Milan', 'IT', 2],
  ['Sousse', 'TN', 'Milan', 'IT', 1],
  ['Tunis', 'TN', 'Naples', 'IT', 1],
  ['Tunis', 'TN', 'Genoa', 'IT', 1],
  ['Sfax', 'TN', 'Turin', 'IT', 1],
  ['Tunis', 'TN', 'Frankfurt', 'DE', 2],
  ['Tunis', 'TN', 'Berlin', 'DE', 1],
  ['Monastir', 'TN', 'Munich', 'DE', 1],
  ['Houmt El Souk', 'TN', 'Hamburg', 'DE', 1],
  ['Sousse', 'TN', 'Cologne', 'DE', 1],
  ['Tunis', 'TN', 'Geneva', 'CH', 2],
  ['Tunis', 'TN', 'Zurich', 'CH', 1],
  ['Sousse', 'TN', 'Basel', 'CH', 1],
  ['Monastir', 'TN', 'Lausanne', 'CH', 1],
  ['Tunis', 'TN', 'Brussels', 'BE', 2],
  ['Sfax', 'TN', 'Liège', 'BE', 1],
  ['Tunis', 'TN', 'Antwerp', 'BE', 1],
  // Morocco, Algeria <-> Europe
  ['Casablanca', 'MA', 'Paris', 'FR', 3],
  ['Marrakech', 'MA', 'Lyon', 'FR', 1],
  ['Rabat', 'MA', 'Brussels', 'BE', 1],
  ['Tangier', 'MA', 'Madrid', 'ES', 1],
  ['Fès', 'MA', 'Barcelona', 'ES', 1],
  ['Casablanca', 'MA', 'Milan', 'IT', 1],
  ['Tangier', 'MA', 'Antwerp', 'BE', 1],
  ['Casablanca', 'MA', 'Montpellier', 'FR', 1],
  ['Marrakech', 'MA', 'Valencia', 'ES', 1],
  ['Algiers', 'DZ', 'Paris', 'FR', 3],
  ['Oran', 'DZ', 'Marseille', 'FR', 2],
  ['Constantine', 'DZ', 'Lyon', 'FR', 1],
  ['Annaba', 'DZ', 'Marseille', 'FR', 1],
  ['Algiers', 'DZ', 'Montpellier', 'FR', 1],
  ['Oran', 'DZ', 'Barcelona', 'ES', 1],
  ['Algiers', 'DZ', 'Frankfurt', 'DE', 1],
  // Maghreb neighbours, by road
  ['Tunis', 'TN', 'Algiers', 'DZ', 1],
  ['Annaba', 'DZ', 'Tunis', 'TN', 1],
  ['Constantine', 'DZ', 'Tunis', 'TN', 1],
  // Within Europe
  ['Paris', 'FR', 'Brussels', 'BE', 1],
  ['Geneva', 'CH', 'Lyon', 'FR', 1],
  ['Strasbourg', 'FR', 'Frankfurt', 'DE', 1],
  ['Nice', 'FR', 'Genoa', 'IT', 1],
  ['Milan', 'IT', 'Zurich', 'CH', 1],
  ['Paris', 'FR', 'Berlin', 'DE', 1],
  ['Barcelona', 'ES', 'Montpellier', 'FR', 1],
  ['Cologne', 'DE', 'Liège', 'BE', 1],
  ['Madrid', 'ES', 'Paris', 'FR', 1],
  // Within a country
  ['Tunis', 'TN', 'Sfax', 'TN', 3],
  ['Tunis', 'TN', 'Sousse', 'TN', 2],
  ['Sousse', 'TN', 'Monastir', 'TN', 1],
  ['Tunis', 'TN', 'Bizerte', 'TN', 1],
  ['Tunis', 'TN', 'Nabeul', 'TN', 1],
  ['Sfax', 'TN', 'Gabès', 'TN', 1],
  ['Gabès', 'TN', 'Houmt El Souk', 'TN', 1],
  ['Tunis', 'TN', 'Kairouan', 'TN', 1],
  ['Paris', 'FR', 'Lyon', 'FR', 2],
  ['Marseille', 'FR', 'Nice', 'FR', 1],
  ['Paris', 'FR', 'Lille', 'FR', 1],
  ['Toulouse', 'FR', 'Bordeaux', 'FR', 1],
  ['Casablanca', 'MA', 'Rabat', 'MA', 1],
  ['Casablanca', 'MA', 'Marrakech', 'MA', 1],
  ['Algiers', 'DZ', 'Oran', 'DZ', 1],
  ['Milan', 'IT', 'Turin', 'IT', 1],
  ['Rome', 'IT', 'Naples', 'IT', 1],
  ['Madrid', 'ES', 'Barcelona', 'ES', 1],
  ['Berlin', 'DE', 'Hamburg', 'DE', 1],
  ['Munich', 'DE', 'Frankfurt', 'DE', 1],
  ['Geneva', 'CH', 'Lausanne', 'CH', 1],
  ['Zurich', 'CH', 'Basel', 'CH', 1],
  ['Brussels', 'BE', 'Antwerp', 'BE', 1],
  // To and from world capitals
  ['Tunis', 'TN', 'London', 'GB', 1],
  ['Tunis', 'TN', 'Doha', 'QA', 1],
  ['Tunis', 'TN', 'Abu Dhabi', 'AE', 1],
  ['Tunis', 'TN', 'Cairo', 'EG', 1],
  ['Tunis', 'TN', 'Tripoli', 'LY', 1],
  ['Sfax', 'TN', 'Tripoli', 'LY', 1],
  ['Tunis', 'TN', 'Istanbul', 'TR', 1],
  ['Tunis', 'TN', 'Ottawa', 'CA', 1],
  ['Casablanca', 'MA', 'Washington', 'US', 1],
  ['Paris', 'FR', 'Ottawa', 'CA', 1],
];

type Route = { from: Place; to: Place; km: number };

const MAGHREB = new Set(['TN', 'DZ', 'MA', 'LY']);

/** Crosses the Mediterranean or an ocean (no road): plane, or car/truck with a ferry. */
function overSea(route: Route): boolean {
  const a = route.from.country;
  const b = route.to.country;
  if (a === b) return false;
  if (MAGHREB.has(a) && MAGHREB.has(b)) return false;
  const europe = (c: string) => EU.has(c) || c === 'CH' || c === 'GB';
  if (europe(a) && europe(b)) return false;
  return true;
}

/** Price per kg: domestic and international ranges, and the rounding step, per currency. */

function priceFor(rng: Rng, route: Route): { pricePerKg: number; currency: Currency } {
  const currency = currencyOf(route.from.country);
  const { domestic, abroad, step } = PRICES[currency];
  const [min, max] = route.from.country === route.to.country || route.km < 400 ? domestic : abroad;
  return { currency, pricePerKg: round(rng.float(min, max), step) };
}

function travelTypeFor(rng: Rng, route: Route): NonNullable<TravelType> {
  const { from, to, km } = route;
  if (overSea(route)) {
    const ferry = ['TN', 'DZ', 'MA'].includes(from.country) && ['FR', 'IT', 'ES'].includes(to.country);
    const back = ['TN', 'DZ', 'MA'].includes(to.country) && ['FR', 'IT', 'ES'].includes(from.country);
    if (ferry || back) return rng.weighted({ plane: 80, car: 13, truck: 7 });
    return 'plane';
  }
  if (from.country !== to.country) {
    if (MAGHREB.has(from.country)) return rng.weighted({ rental_car: 40, car: 30, bus: 15, truck: 15 });
    if (km > 800) return rng.weighted({ plane: 50, train: 25, car: 15, bus: 10 });
    return rng.weighted({ train: 40, car: 25, bus: 20, plane: 5, truck: 5, motorcycle: 5 });
  }
  if (km < 80)
    return rng.weighted({
      car: 25,
      taxi: 20,
      motorcycle: 15,
      bike: 10,
      bus: 10,
      train: 10,
      rental_car: from.country === 'TN' ? 20 : 0,
    });
  if (from.country === 'TN' || from.country === 'DZ' || from.country === 'MA')
    return rng.weighted({ rental_car: 40, car: 25, bus: 15, train: 10, truck: 5, motorcycle: 5 });
  return rng.weighted({ train: 35, car: 30, bus: 20, truck: 5, plane: 5, motorcycle: 5 });
}

/** How long a trip lasts, in ms (capped at two days). */
function tripDuration(rng: Rng, type: NonNullable<TravelType>, route: Route): number {
  const km = route.km;
  const sea = overSea(route) ? 20 : 0; // a ferry crossing for road vehicles
  const hours: Record<NonNullable<TravelType>, number> = {
    plane: 1.5 + km / 750 + (km > 2500 ? rng.float(1, 5) : rng.float(0, 1)),
    car: km / 80 + 0.5 + sea,
    rental_car: km / 75 + 0.5,
    bus: km / 60 + 1,
    train: km / 120 + 0.5,
    truck: km / 60 + 2 + sea,
    taxi: km / 60 + 0.3,
    motorcycle: km / 75 + 0.3,
    bike: km / 16 + 0.5,
  };
  return Math.min(48, Math.max(0.5, hours[type])) * HOUR;
}

// ---------------------------------------------------------------- texts

type Item = {
  name: string;
  description: string;
  kg: [number, number];
  label: string;
  lang: 'fr' | 'en' | 'ar';
};

const ITEMS: Item[] = [
  {
    lang: 'fr',
    label: 'Vêtements',
    kg: [2, 6],
    name: 'Vêtements pour enfants',
    description: 'Un sac de vêtements pour mes neveux, tailles 4 à 8 ans. Rien de fragile.',
  },
  {
    lang: 'fr',
    label: 'Documents',
    kg: [0.5, 1],
    name: 'Documents administratifs',
    description:
      'Enveloppe A4 avec des papiers officiels (actes de naissance, attestations). À remettre en main propre.',
  },
  {
    lang: 'fr',
    label: 'Huile',
    kg: [2.5, 3],
    name: 'Huile d’olive (2 bouteilles)',
    description: 'Deux bouteilles d’un litre d’huile d’olive extra vierge, bien emballées dans du papier bulle.',
  },
  {
    lang: 'fr',
    label: 'Médicaments',
    kg: [0.5, 1.5],
    name: 'Médicaments avec ordonnance',
    description: 'Boîtes de médicaments pour ma mère, avec l’ordonnance et les factures de la pharmacie.',
  },
  {
    lang: 'fr',
    label: 'Pièces auto',
    kg: [3, 12],
    name: 'Pièces auto',
    description: 'Plaquettes de frein et filtre à huile pour une Peugeot 208, dans leur carton d’origine.',
  },
  {
    lang: 'fr',
    label: 'Livres',
    kg: [4, 9],
    name: 'Livres universitaires',
    description: 'Cinq livres de médecine pour une étudiante, bien calés dans un carton.',
  },
  {
    lang: 'fr',
    label: 'Cadeaux',
    kg: [3, 10],
    name: 'Cadeaux de mariage',
    description: 'Cadeaux pour un mariage en famille : vaisselle et tissus, emballage soigné.',
  },
  {
    lang: 'fr',
    label: 'Dattes',
    kg: [3, 3.5],
    name: 'Dattes Deglet Nour 3 kg',
    description: 'Trois boîtes de dattes Deglet Nour de Tozeur, récolte de cette saison.',
  },
  {
    lang: 'fr',
    label: 'Ordinateur',
    kg: [1.5, 3],
    name: 'Ordinateur portable',
    description: 'Ordinateur portable dans sa housse, à remettre à mon frère. Fragile, en cabine si possible.',
  },
  {
    lang: 'fr',
    label: 'Épices',
    kg: [1, 4],
    name: 'Harissa et épices',
    description: 'Pots de harissa maison, ras el hanout et bsissa, bien fermés et emballés.',
  },
  {
    lang: 'fr',
    label: 'Artisanat',
    kg: [1, 3],
    name: 'Chéchias et artisanat',
    description: 'Chéchias rouges et petits objets d’artisanat de la médina de Tunis.',
  },
  {
    lang: 'fr',
    label: 'Téléphone',
    kg: [0.5, 1],
    name: 'Téléphone portable',
    description: 'Smartphone neuf dans sa boîte scellée, avec la facture.',
  },
  {
    lang: 'fr',
    label: 'Chaussures',
    kg: [2, 4],
    name: 'Chaussures de sport',
    description: 'Deux paires de baskets neuves (pointures 38 et 42) dans leurs boîtes.',
  },
  {
    lang: 'fr',
    label: 'Jouets',
    kg: [2, 7],
    name: 'Jouets pour enfants',
    description: 'Jouets et jeux de société pour l’anniversaire de ma fille.',
  },
  {
    lang: 'fr',
    label: 'Valise',
    kg: [15, 23],
    name: 'Valise de vêtements d’hiver',
    description: 'Une valise complète de vêtements d’hiver pour un étudiant qui vient d’arriver.',
  },
  {
    lang: 'fr',
    label: 'Pâtisseries',
    kg: [1, 3],
    name: 'Pâtisseries tunisiennes',
    description: 'Baklawa, makroudh et kaak warka dans des boîtes en carton, à livrer rapidement.',
  },
  {
    lang: 'fr',
    label: 'Lunettes',
    kg: [0.5, 0.8],
    name: 'Lunettes de vue',
    description: 'Une paire de lunettes dans son étui rigide, à déposer chez l’opticien.',
  },
  {
    lang: 'fr',
    label: 'Tapis',
    kg: [4, 9],
    name: 'Tapis berbère',
    description: 'Petit tapis berbère roulé et emballé sous plastique.',
  },
  {
    lang: 'fr',
    label: 'Robe',
    kg: [2, 5],
    name: 'Robe de mariée',
    description: 'Robe de mariée dans une housse, à transporter à plat si possible.',
  },
  {
    lang: 'fr',
    label: 'Café',
    kg: [1, 3],
    name: 'Café et thé',
    description: 'Paquets de café moulu et de thé vert, scellés sous vide.',
  },
  {
    lang: 'fr',
    label: 'Photo',
    kg: [1.5, 3],
    name: 'Appareil photo',
    description: 'Appareil photo reflex avec deux objectifs, dans une sacoche rembourrée.',
  },
  {
    lang: 'fr',
    label: 'Poterie',
    kg: [3, 8],
    name: 'Poterie de Nabeul',
    description: 'Plats et bols en céramique de Nabeul, très bien emballés (fragile).',
  },
  {
    lang: 'fr',
    label: 'Visa',
    kg: [0.5, 1],
    name: 'Dossier de visa',
    description: 'Dossier complet pour un rendez-vous au consulat, à remettre avant la date limite.',
  },
  {
    lang: 'fr',
    label: 'Couscous',
    kg: [3, 6],
    name: 'Couscous et bsissa faits maison',
    description: 'Couscous roulé à la main et bsissa préparés par ma grand-mère.',
  },
  {
    lang: 'fr',
    label: 'Bébé',
    kg: [1.5, 4],
    name: 'Affaires pour bébé',
    description: 'Tire-lait et biberons neufs pour ma sœur qui vient d’accoucher.',
  },
  {
    lang: 'fr',
    label: 'Vélo',
    kg: [2, 6],
    name: 'Pièces de vélo',
    description: 'Une roue avant et une selle, emballées dans un carton renforcé.',
  },
  {
    lang: 'en',
    label: 'Chargeur',
    kg: [0.5, 1],
    name: 'Laptop charger and cables',
    description: 'Original charger and a few USB-C cables for my brother.',
  },
  {
    lang: 'en',
    label: 'Gifts',
    kg: [1, 4],
    name: 'Birthday gifts',
    description: 'Small wrapped gifts for my niece’s birthday, nothing fragile.',
  },
  {
    lang: 'en',
    label: 'Documents',
    kg: [0.5, 1],
    name: 'University documents',
    description: 'Sealed envelope with transcripts and copies of my diploma.',
  },
  {
    lang: 'en',
    label: 'Clothes',
    kg: [4, 10],
    name: 'Winter clothes',
    description: 'A bag of coats and sweaters for the winter.',
  },
  {
    lang: 'ar',
    label: 'Vêtements',
    kg: [2, 6],
    name: 'ملابس للأطفال',
    description: 'كيس فيه ملابس للأطفال، ما فيهاش حاجة تتكسر.',
  },
  {
    lang: 'ar',
    label: 'Huile',
    kg: [2.5, 3],
    name: 'زيت زيتون',
    description: 'قارورتين زيت زيتون من صفاقس، ملفوفين مليح.',
  },
  {
    lang: 'ar',
    label: 'Médicaments',
    kg: [0.5, 1.5],
    name: 'أدوية مع الوصفة',
    description: 'أدوية لأمي مع الوصفة الطبية والفاتورة.',
  },
  {
    lang: 'ar',
    label: 'Documents',
    kg: [0.5, 1],
    name: 'وثائق إدارية',
    description: 'ظرف فيه وثائق رسمية، لازم يتسلم باليد.',
  },
];

function pickItem(rng: Rng): Item {
  const lang = rng.weighted({ fr: 80, en: 12, ar: 8 });
  return rng.pick(ITEMS.filter((item) => item.lang === lang));
}

function tripDescription(rng: Rng, type: NonNullable<TravelType>, route: Route, kg: number | null): string {
  const from = placeName(route.from, 'fr');
  const to = placeName(route.to, 'fr');
  const load = kg ? `${kg} kg` : 'quelques kilos';
  if (rng.chance(0.08)) {
    const fromEn = placeName(route.from, 'en');
    const toEn = placeName(route.to, 'en');
    return `Travelling ${fromEn} → ${toEn}${type === 'plane' ? ' by plane' : ''}, I can take ${kg ? `${kg} kg` : 'a few kilos'}. Well-packed parcels only.`;
  }
  if (rng.chance(0.07)) {
    const fromAr = placeName(route.from, 'ar');
    const toAr = placeName(route.to, 'ar');
    return `مسافر من ${fromAr} إلى ${toAr}، نجم نهز ${kg ? `${kg} كغ` : 'شوية كيلوات'}.`;
  }
  const options: Record<NonNullable<TravelType>, string[]> = {
    plane: [
      `Vol ${from}–${to}, bagage en soute, je peux prendre ${load}.`,
      `Vol direct ${from} → ${to}. Petits colis bien emballés, pas de liquides.`,
      `Je rentre de ${from} à ${to} en avion, ${load} disponibles dans ma valise.`,
    ],
    car: overSea(route)
      ? [
          `En voiture avec le ferry ${from}–${to}, colis volumineux acceptés.`,
          `Je descends en voiture (traversée en bateau), ${load} dans le coffre.`,
        ]
      : [
          `Je pars en voiture de ${from} à ${to}, de la place dans le coffre.`,
          `Trajet en voiture ${from}–${to}, ${load} possibles.`,
        ],
    rental_car: [
      `Louage ${from}–${to}, départ tôt le matin depuis la station.`,
      `Je prends le louage ${from}–${to}, petits colis uniquement.`,
    ],
    bus: [`En bus ${from} → ${to}, petits colis seulement.`, `Car de nuit ${from}–${to}, ${load} en soute.`],
    train: [`Train ${from}–${to}, enveloppes et petits paquets.`, `TGV ${from} → ${to}, je peux prendre ${load}.`],
    truck: [
      `Camion ${from}–${to}, gros volumes et cartons bienvenus.`,
      `Transport routier ${from} → ${to}, ${load} disponibles.`,
    ],
    taxi: [`Taxi ${from}–${to} dans la journée, remise en main propre.`],
    motorcycle: [`À moto ${from}–${to}, plis et petits colis (${load} max).`],
    bike: [`À vélo entre ${from} et ${to}, documents et petits paquets.`],
  };
  return rng.pick(options[type]);
}

// Conversation lines by role: the shipper sends a parcel, the carrier travels. On a package the
// owner is the shipper and the contact the carrier; on a travel it is the other way round.
type Role = 'shipper' | 'carrier';
const DEFAULT_OPENER = 'Bonjour, votre annonce m’intéresse. Est-ce toujours disponible ?';
const OPENERS: Record<Role, string[]> = {
  shipper: [
    'Bonjour, est-ce que vous partez toujours à la date indiquée ?',
    'Salut ! Il te reste de la place pour un petit colis ?',
    'عسلامة، مازال عندك بلاصة في الفاليجة؟',
    'Hello, do you still have some room in your luggage?',
  ],
  carrier: [
    'Bonjour, je fais le trajet à ces dates, je peux prendre votre colis.',
    'Salut, ton colis est toujours à envoyer ?',
    'عسلامة، الكوليس مازال؟ أنا مسافر في نفس النهار.',
    'Hi, I am travelling on that day and can take your parcel.',
  ],
};
const REPLIES: Record<Role, string[]> = {
  shipper: [
    'Bonjour, oui toujours disponible !',
    'Oui, toujours à envoyer. Vous partez quand exactement ?',
    'أهلا، إيه مازال.',
    'Ahla, ey mazel 👍',
    'Hi, yes it is!',
  ],
  carrier: [
    'Bonjour, oui toujours disponible !',
    'Oui, il me reste de la place. Qu’est-ce que vous voulez envoyer ?',
    'Bonjour ! Oui, c’est toujours d’actualité.',
    'أهلا، إيه مازال عندي بلاصة.',
  ],
};
/** Questions the contact asks, with the owner's answer. */
const QUESTIONS: Record<Role, [string, string][]> = {
  shipper: [
    ['Vous acceptez les liquides ?', 'Non, pas de liquides, désolé. Le reste oui.'],
    ['C’est possible de livrer à domicile ?', 'Oui, si ce n’est pas trop loin de l’aéroport.'],
    ['Le destinataire pourra venir le chercher à l’arrivée ?', 'Oui, sans problème, je lui donnerai mon numéro.'],
    ['Vous arrivez à quelle heure ?', 'En fin d’après-midi, vers 17 h.'],
    ['نجم نبعث حاجة فيها ماكلة؟', 'إيه، كان مسكرة مليح.'],
  ],
  carrier: [
    ['Est-ce que le colis est bien emballé ?', 'Oui, tout est bien protégé.'],
    ['Quelle est la taille du carton ?', 'Environ 40 × 30 × 20 cm.'],
    ['Il y a quelque chose de fragile dedans ?', 'Non, seulement des vêtements et des papiers.'],
    ['Le destinataire habite loin de l’aéroport ?', 'Non, à dix minutes, il peut venir vous voir.'],
    ['فيه حاجة تتكسر؟', 'لا، كان حوايج.'],
  ],
};
/** After an accepted proposal: the contact, then the owner. */
const LOGISTICS: Record<Role, string[]> = {
  shipper: [
    'Parfait ! On se retrouve où pour la remise ?',
    'Super, merci. Je vous envoie l’adresse du destinataire.',
    'Le colis est prêt, je peux vous le déposer quand vous voulez.',
    'يعطيك الصحة، وين نتلاقاو؟',
  ],
  carrier: [
    'À l’aéroport, deux heures avant le départ, ça vous va ?',
    'Je peux passer récupérer le colis demain soir.',
    'On se retrouve devant la gare vers 18 h ?',
    'Envoyez-moi le numéro du destinataire s’il vous plaît.',
    'باهي، نتلاقاو قدام المحطة.',
  ],
};
const CLOSINGS: Record<Role, string[]> = {
  shipper: ['Merci beaucoup !', 'C’est noté, à bientôt.', 'بارك الله فيك 🙏', 'Merci, bonne route !'],
  carrier: [
    'Avec plaisir.',
    'Je vous préviens à l’arrivée.',
    'Le colis est bien arrivé, tout est en ordre.',
    'Bien reçu, à bientôt.',
  ],
};
const THINKING = ['Je regarde et je vous réponds ce soir.', 'Je confirme demain matin, d’accord ?', 'نشوف ونرجعلك.'];
const CANCELLING = [
  'Finalement j’annule, désolé pour le dérangement.',
  'Mes plans ont changé, j’annule ma proposition. Désolé !',
  'سامحني، بطلت.',
];
const AFTER_CANCEL = ['Pas de souci, bonne journée !', 'Aucun problème, une autre fois.', 'مافماش مشكل.'];
const AFTER_DECLINE = ['D’accord, tant pis. Bon voyage !', 'Dommage, merci quand même.', 'Ok, merci.'];

/** 12.5 and 'TND' → '12,5 TND'. */
function money(amount: number, currency: string): string {
  return `${String(amount).replace('.', ',')} ${currency}`;
}

const RATING_COMMENTS: Record<number, string[]> = {
  5: [
    'Très sérieux, colis livré à temps. Je recommande !',
    'Parfait du début à la fin, merci encore.',
    'Super contact, très arrangeant.',
    'شخص محترم وثقة، يعطيك الصحة.',
    'Great experience, parcel delivered safely.',
    '',
  ],
  4: ['Bonne expérience, petit retard mais bien communiqué.', 'Sérieux et sympathique.', 'Tout s’est bien passé.', ''],
  3: ['Correct, mais difficile à joindre la veille du départ.', 'Livraison faite, communication à améliorer.'],
  2: ['Retard de plusieurs jours sans prévenir.'],
  1: ['Ne s’est pas présenté au rendez-vous.'],
};

// ---------------------------------------------------------------- images

const PALETTES: [string, string, string][] = [
  ['#D19209', '#F2C14E', '#3B5173'],
  ['#3B5173', '#5C7AA6', '#F2C14E'],
  ['#2F7D6D', '#6FB3A0', '#FDF6E3'],
  ['#B5523B', '#E08E6D', '#FDF6E3'],
  ['#5B4B8A', '#9C8ADE', '#F2C14E'],
  ['#1F6F8B', '#99C5D8', '#FFFFFF'],
];

function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function imageSvg(label: string, variant: number, palette: [string, string, string]): string {
  const [dark, light, accent] = palette;
  const box = (x: number, y: number, s: number) => `
    <g transform="translate(${x} ${y}) scale(${s})">
      <polygon points="-150,-40 0,-100 150,-40 0,20" fill="#E9B96E"/>
      <polygon points="-150,-40 0,20 0,180 -150,120" fill="#C98D3A"/>
      <polygon points="150,-40 0,20 0,180 150,120" fill="#A8732B"/>
      <polygon points="-85,-66 -60,-76 85,-16 60,-6" fill="#F5DEB3"/>
      <polygon points="60,-6 85,-16 85,64 60,74" fill="#F5DEB3" opacity="0.85"/>
    </g>`;
  const shapes =
    variant === 0
      ? `<circle cx="130" cy="110" r="90" fill="#fff" fill-opacity="0.12"/><circle cx="690" cy="480" r="140" fill="#fff" fill-opacity="0.10"/>${box(400, 260, 1)}`
      : variant === 1
        ? `<rect x="60" y="60" width="680" height="400" rx="28" fill="#fff" fill-opacity="0.10"/>${box(280, 250, 0.8)}${box(530, 290, 0.6)}`
        : `<circle cx="250" cy="250" r="170" fill="${accent}" fill-opacity="0.35"/><circle cx="520" cy="230" r="130" fill="#fff" fill-opacity="0.18"/><rect x="380" y="300" width="260" height="160" rx="18" fill="${accent}" fill-opacity="0.30"/>${box(400, 250, 0.7)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  ${shapes}
  <text x="400" y="555" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="46" font-weight="700" fill="#fff" text-anchor="middle">${xmlEscape(label)}</text>
</svg>`;
}

// ---------------------------------------------------------------- the seed

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type UserRow = Row<typeof users> & { id: string; createdAt: Date };
type PackageRow = Row<typeof packages> & { id: string; createdAt: Date; status: ListingStatus };
type TravelRow = Row<typeof travels> & { id: string; createdAt: Date; status: ListingStatus };
type ProposalRow = Row<typeof proposals> & {
  id: string;
  status: ProposalStatus;
  createdAt: Date;
  updatedAt: Date;
};
type MessageRow = Row<typeof messages> & { createdAt: Date };

type Listing = { kind: 'package' | 'travel'; row: PackageRow | TravelRow };

const STATUS_MIX: [ListingStatus, number][] = [
  ['upcoming', 0.35],
  ['active', 0.3],
  ['in_transit', 0.1],
  ['finished', 0.15],
  ['expired', 0.1],
];

function statusList(rng: Rng, count: number): ListingStatus[] {
  const list: ListingStatus[] = [];
  for (const [status, share] of STATUS_MIX) for (let i = 0; i < Math.round(count * share); i++) list.push(status);
  while (list.length < count) list.push('upcoming');
  return rng.shuffle(list.slice(0, count));
}

export async function seedDemo(): Promise<Record<string, number>> {
  const rng = new Rng(SEED);
  const now = Date.now();
  const at = (ms: number) => new Date(ms);
  /** Departure-like times: rounded to five minutes. */
  const roundTime = (ms: number) => Math.round(ms / (5 * MINUTE)) * 5 * MINUTE;

  // ------------------------------------------------ users and accounts
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userRows: UserRow[] = [];
  const phones = new Set<string>();
  const thisYear = new Date(now).getUTCFullYear();

  const demo = {} as Record<keyof typeof DEMO, UserRow>;
  for (const key of ['sender', 'traveller', 'newcomer'] as const) {
    const d = DEMO[key];
    const row: UserRow = {
      id: rng.id(),
      name: `${d.firstname} ${d.lastname}`,
      email: d.email,
      emailVerified: true,
      firstname: d.firstname,
      lastname: d.lastname,
      birthDate: d.birthDate,
      phone: d.phone,
      phoneVerified: d.phoneVerified,
      identityVerified: d.identityVerified,
      locale: d.locale,
      createdAt: at(now - d.ageDays * DAY - rng.int(0, 12) * HOUR),
    };
    if (d.phone) phones.add(d.phone);
    demo[key] = row;
    userRows.push(row);
  }

  for (const person of PEOPLE) {
    let phone: string | null = null;
    let phoneVerified = false;
    if (rng.chance(0.75)) {
      for (let tries = 0; !phone; tries++) {
        if (tries > 100) throw new Error(`[seed] could not make a phone number for ${person.country}`);
        const candidate = mobileCandidate(rng, person.country);
        if (!phones.has(candidate) && normalizeMobilePhone(candidate) === candidate) phone = candidate;
      }
      phones.add(phone);
      phoneVerified = rng.chance(0.8);
    }
    const month = String(rng.int(1, 12)).padStart(2, '0');
    const day = String(rng.int(1, 28)).padStart(2, '0');
    userRows.push({
      id: rng.id(),
      name: `${person.firstname} ${person.lastname}`,
      email: `${asciiSlug(person.firstname)}.${asciiSlug(person.lastname)}@demo.colibri.tn`,
      emailVerified: true,
      firstname: person.firstname,
      lastname: person.lastname,
      birthDate: `${rng.int(1962, thisYear - 19)}-${month}-${day}`,
      phone,
      phoneVerified,
      identityVerified: phoneVerified && rng.chance(0.3),
      locale: rng.pick(person.locales),
      createdAt: at(now - rng.int(30, 540) * DAY - rng.int(0, 23) * HOUR),
    });
  }
  const others = userRows.slice(3);
  const active = userRows.filter((u) => u.id !== demo.newcomer.id);
  const userById = new Map(userRows.map((u) => [u.id, u]));

  // ------------------------------------------------ routes
  const routes = ROUTES.map(([fromName, fromCc, toName, toCc, weight]) => {
    const from = place(fromName, fromCc);
    const to = place(toName, toCc);
    return [{ from, to, km: distanceKm(from, to) }, weight] as const;
  });
  const routeByNames = (fromName: string, fromCc: string, toName: string, toCc: string): Route => {
    const from = place(fromName, fromCc);
    const to = place(toName, toCc);
    return { from, to, km: distanceKm(from, to) };
  };
  const randomRoute = (filter?: (r: Route) => boolean): Route => {
    const pool = filter ? routes.filter(([r]) => filter(r)) : routes;
    const r = rng.weightedItem(pool);
    return rng.chance(0.45) ? { from: r.to, to: r.from, km: r.km } : r;
  };
  const endpoints = (route: Route) => ({
    fromCity: placeName(route.from, 'fr'),
    fromCountry: route.from.country,
    fromPlaceId: route.from.id,
    fromLat: route.from.lat,
    fromLng: route.from.lng,
    toCity: placeName(route.to, 'fr'),
    toCountry: route.to.country,
    toPlaceId: route.to.id,
    toLat: route.to.lat,
    toLng: route.to.lng,
  });

  /** startedAt, endedAt and createdAt for a listing in a state, lasting about `duration`. */
  const schedule = (status: ListingStatus, duration: number, owner: UserRow) => {
    const ownerAge = now - owner.createdAt.getTime();
    let start: number;
    let end: number;
    let created: number;
    switch (status) {
      case 'upcoming':
        start = roundTime(now + rng.float(2, 60) * DAY);
        end = start + duration;
        created = now - rng.float(0.5, 25) * DAY;
        break;
      case 'active':
        start = roundTime(now + rng.float(0.15, 10) * DAY);
        end = start + duration;
        created = now - rng.float(1, 30) * DAY;
        break;
      case 'in_transit':
        start = roundTime(now - rng.float(1, 5) * DAY);
        end = Math.max(start + duration, roundTime(now + rng.float(0.3, 4) * DAY));
        created = start - rng.float(3, 30) * DAY;
        break;
      default: {
        const maxAgo = Math.max(2, Math.min(150, ownerAge / DAY - 15));
        end = roundTime(now - rng.float(1, maxAgo) * DAY);
        start = end - duration;
        created = start - rng.float(3, 40) * DAY;
      }
    }
    created = Math.min(now - HOUR, Math.max(created, owner.createdAt.getTime() + HOUR));
    return { startedAt: at(start), endedAt: at(end), createdAt: at(created) };
  };

  // ------------------------------------------------ packages
  const PACKAGE_COUNT = 100;
  const packageRows: PackageRow[] = [];
  const senderStates: ListingStatus[] = [
    'upcoming',
    'upcoming',
    'active',
    'active',
    'in_transit',
    'finished',
    'finished',
    'expired',
    'active',
    'upcoming',
  ];
  const packageStates = statusList(rng, PACKAGE_COUNT - senderStates.length);
  const packagePlans: { owner: UserRow; status: ListingStatus }[] = [
    ...senderStates.map((status) => ({ owner: demo.sender, status })),
    ...packageStates.map((status) => ({ owner: rng.pick(others), status })),
  ];
  for (const plan of packagePlans) {
    const route =
      plan.owner === demo.sender ? randomRoute((r) => r.from.country === 'TN' || r.to.country === 'TN') : randomRoute();
    const item = pickItem(rng);
    const duration = roundTime(rng.float(1, 10) * DAY);
    packageRows.push({
      id: rng.id(),
      ownerId: plan.owner.id,
      ...endpoints(route),
      ...schedule(plan.status, duration, plan.owner),
      ...priceFor(rng, route),
      status: plan.status,
      name: item.name,
      description: item.description,
      weightKg: round(rng.float(item.kg[0], item.kg[1]), 0.1),
    });
  }

  // ------------------------------------------------ travels
  const TRAVEL_COUNT = 100;
  const travelRows: TravelRow[] = [];
  const makeTravel = (owner: UserRow, status: ListingStatus, route: Route, type: NonNullable<TravelType>) => {
    const availableKg = rng.chance(0.15) ? null : rng.int(2, type === 'plane' ? 23 : 30);
    const duration = roundTime(tripDuration(rng, type, route));
    travelRows.push({
      id: rng.id(),
      ownerId: owner.id,
      ...endpoints(route),
      ...schedule(status, Math.max(duration, 30 * MINUTE), owner),
      ...priceFor(rng, route),
      status,
      travelType: type,
      availableKg,
      description: tripDescription(rng, type, route, availableKg),
    });
  };
  // The demo traveller: mostly Tunisia <-> France by plane, and a louage at home.
  const travellerTrips: [ListingStatus, Route, NonNullable<TravelType>][] = [
    ['upcoming', routeByNames('Paris', 'FR', 'Tunis', 'TN'), 'plane'],
    ['upcoming', routeByNames('Tunis', 'TN', 'Lyon', 'FR'), 'plane'],
    ['active', routeByNames('Marseille', 'FR', 'Tunis', 'TN'), 'car'],
    ['active', routeByNames('Tunis', 'TN', 'Sfax', 'TN'), 'rental_car'],
    ['in_transit', routeByNames('Tunis', 'TN', 'Paris', 'FR'), 'plane'],
    ['finished', routeByNames('Paris', 'FR', 'Sousse', 'TN'), 'plane'],
    ['finished', routeByNames('Tunis', 'TN', 'Geneva', 'CH'), 'plane'],
    ['expired', routeByNames('Paris', 'FR', 'Houmt El Souk', 'TN'), 'plane'],
    ['upcoming', routeByNames('Paris', 'FR', 'Lyon', 'FR'), 'train'],
    ['active', routeByNames('Paris', 'FR', 'Brussels', 'BE'), 'bus'],
  ];
  for (const [status, route, type] of travellerTrips) makeTravel(demo.traveller, status, route, type);
  // One trip of each kind, so that every travel type shows.
  const showcase: [string, string, string, string, NonNullable<TravelType>][] = [
    ['Tunis', 'TN', 'Paris', 'FR', 'plane'],
    ['Marseille', 'FR', 'Tunis', 'TN', 'car'],
    ['Tunis', 'TN', 'Sfax', 'TN', 'rental_car'],
    ['Tunis', 'TN', 'Bizerte', 'TN', 'motorcycle'],
    ['Sousse', 'TN', 'Monastir', 'TN', 'bike'],
    ['Casablanca', 'MA', 'Marrakech', 'MA', 'bus'],
    ['Paris', 'FR', 'Lyon', 'FR', 'train'],
    ['Sfax', 'TN', 'Tripoli', 'LY', 'truck'],
    ['Tunis', 'TN', 'Nabeul', 'TN', 'taxi'],
  ];
  const restStates = statusList(rng, TRAVEL_COUNT - travellerTrips.length);
  restStates.forEach((status, i) => {
    const owner = rng.pick(others);
    const fixed = showcase[i];
    if (fixed) {
      const [a, ac, b, bc, type] = fixed;
      makeTravel(owner, status, routeByNames(a, ac, b, bc), type);
    } else {
      const route = randomRoute();
      makeTravel(owner, status, route, travelTypeFor(rng, route));
    }
  });

  // ------------------------------------------------ images (rendered once per design, saved per package)
  const designs = new Map<string, Promise<Buffer>>();
  const render = (label: string, variant: number): Promise<Buffer> => {
    const key = `${label}|${variant}`;
    let buffer = designs.get(key);
    if (!buffer) {
      const hash = [...label].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
      const palette = PALETTES[(hash + variant) % PALETTES.length]!;
      buffer = sharp(Buffer.from(imageSvg(label, variant, palette)))
        .webp({ quality: 70 })
        .toBuffer();
      designs.set(key, buffer);
    }
    return buffer;
  };
  const imageRows: Row<typeof packageImages>[] = [];
  const imageJobs: Promise<void>[] = [];
  for (const pkg of packageRows) {
    if (!rng.chance(0.6)) continue;
    const label = ITEMS.find((item) => item.name === pkg.name)?.label ?? 'Colis';
    const count = rng.weightedInt({ 1: 45, 2: 35, 3: 20 });
    for (let position = 0; position < count; position++) {
      const key = `packages/${pkg.id}/${position}.webp`;
      imageRows.push({
        packageId: pkg.id,
        position,
        key,
        width: 800,
        height: 600,
        createdAt: pkg.createdAt,
      });
      imageJobs.push(render(label, position).then((buffer) => saveUpload(key, buffer)));
    }
  }
  const imagesDone = Promise.all(imageJobs);
  imagesDone.catch(() => {}); // awaited (and thrown) after the database writes

  // ------------------------------------------------ proposals
  const listings: Listing[] = [
    ...packageRows.map((row) => ({ kind: 'package' as const, row })),
    ...travelRows.map((row) => ({ kind: 'travel' as const, row })),
  ];
  const proposalRows: ProposalRow[] = [];
  const proposalKeys = new Set<string>();
  const listingOf = new Map<string, Listing>();
  for (const listing of listings) listingOf.set(listing.row.id, listing);

  const amountFor = (listing: Listing): number => {
    const { row } = listing;
    const kg =
      listing.kind === 'package'
        ? (row as PackageRow).weightKg
        : rng.int(1, Math.min(10, Number((row as TravelRow).availableKg ?? 10)));
    const { step } = PRICES[row.currency];
    return Math.max(step, round(row.pricePerKg * kg * rng.float(0.8, 1.1), step));
  };
  /** When a proposal can be made: after the listing is published and before it starts (or now). */
  const proposalWindow = (listing: Listing): [number, number] => {
    const from = listing.row.createdAt.getTime() + 3 * HOUR;
    const to = Math.min(now - 10 * MINUTE, listing.row.startedAt.getTime() - HOUR);
    return [from, Math.max(from + 20 * MINUTE, to)];
  };
  const addProposal = (listing: Listing, sender: UserRow, status: ProposalStatus): ProposalRow | undefined => {
    const { row } = listing;
    if (sender.id === row.ownerId || sender.id === demo.newcomer.id) return undefined;
    const uniqueKey = `${row.id}|${sender.id}`;
    if (proposalKeys.has(uniqueKey)) return undefined;
    if (
      status === 'accepted' &&
      proposalRows.some((p) => (p.packageId ?? p.travelId) === row.id && p.status === 'accepted')
    )
      return undefined;
    proposalKeys.add(uniqueKey);
    const [from, to] = proposalWindow(listing);
    const created = Math.round(rng.float(from, from + (to - from) * 0.7));
    const amount = amountFor(listing);
    const { step } = PRICES[row.currency];
    const counterAmount =
      status !== 'cancelled' && status !== 'accepted' && rng.chance(0.3)
        ? round(amount * rng.float(1.1, 1.3), step)
        : null;
    const proposal: ProposalRow = {
      id: rng.id(),
      packageId: listing.kind === 'package' ? row.id : null,
      travelId: listing.kind === 'travel' ? row.id : null,
      senderId: sender.id,
      publisherId: row.ownerId,
      amount,
      currency: row.currency,
      status,
      counterAmount,
      createdAt: at(created),
      updatedAt: at(Math.max(created, Math.min(now - MINUTE, created + rng.float(0.5, 30) * HOUR))),
    };
    proposalRows.push(proposal);
    return proposal;
  };

  // Proposals the demo accounts send, and some between them.
  const open: ListingStatus[] = ['upcoming', 'active'];
  const isDemo = (id: string) => id === demo.sender.id || id === demo.traveller.id;
  const ownedBy = (kind: Listing['kind'], owner: UserRow) =>
    listings.filter((l) => l.kind === kind && l.row.ownerId === owner.id);
  const othersListings = (kind: Listing['kind'], statuses: ListingStatus[]) =>
    listings.filter((l) => l.kind === kind && !isDemo(l.row.ownerId) && statuses.includes(l.row.status));
  const firstOf = (list: Listing[], status: ListingStatus) => list.find((l) => l.row.status === status);
  type Preset = [Listing | undefined, UserRow, ProposalStatus];
  const sentBy = (sender: UserRow, list: Listing[], statuses: ProposalStatus[]): Preset[] =>
    statuses.map((status, i) => [list[i], sender, status]);

  const presets: Preset[] = [
    // between the demo accounts
    [firstOf(ownedBy('package', demo.sender), 'active'), demo.traveller, 'pending'],
    [firstOf(ownedBy('travel', demo.traveller), 'finished'), demo.sender, 'accepted'],
    [firstOf(ownedBy('travel', demo.traveller), 'upcoming'), demo.sender, 'pending'],
    // sent by the demo sender on other people's trips, by the traveller on other people's parcels
    ...sentBy(demo.sender, othersListings('travel', open), ['pending', 'declined', 'cancelled']),
    ...sentBy(demo.sender, othersListings('travel', ['in_transit']), ['accepted']),
    ...sentBy(demo.traveller, othersListings('package', open), ['pending', 'pending', 'declined']),
    ...sentBy(demo.traveller, othersListings('package', ['finished']), ['accepted']),
    ...sentBy(demo.traveller, othersListings('package', ['in_transit']), ['accepted']),
  ];
  for (const [listing, sender, status] of presets) if (listing) addProposal(listing, sender, status);

  // Proposals received by everyone (the demo accounts always get at least one on open listings).
  for (const listing of listings) {
    const { status, ownerId } = listing.row;
    const isDemoOwner = ownerId === demo.sender.id || ownerId === demo.traveller.id;
    const candidates = active.filter((u) => u.id !== ownerId);
    const started = status === 'in_transit' || status === 'finished';
    if (started) {
      for (let tries = 0; tries < 5; tries++) if (addProposal(listing, rng.pick(candidates), 'accepted')) break;
    }
    const extra =
      status === 'expired'
        ? rng.weightedInt({ 0: 40, 1: 40, 2: 20 })
        : started
          ? rng.weightedInt({ 0: 50, 1: 35, 2: 15 })
          : rng.weightedInt({ 0: 30, 1: 35, 2: 25, 3: 10 }) + (isDemoOwner ? 1 : 0);
    for (let i = 0; i < extra; i++) {
      let proposalStatus: ProposalStatus;
      if (started) proposalStatus = rng.weighted({ declined: 60, cancelled: 40 });
      else if (status === 'expired') proposalStatus = rng.weighted({ declined: 50, cancelled: 30, pending: 20 });
      else if (isDemoOwner && i === 0) proposalStatus = 'pending';
      else proposalStatus = rng.weighted({ pending: 55, declined: 20, cancelled: 15, accepted: 10 });
      addProposal(listing, rng.pick(candidates), proposalStatus);
    }
  }

  // ------------------------------------------------ conversations and messages
  const conversationRows: (Row<typeof conversations> & {
    id: string;
    createdAt: Date;
    lastMessageAt: Date;
  })[] = [];
  const messageRows: MessageRow[] = [];
  const conversationKeys = new Set<string>();
  const converse = (listing: Listing, contact: UserRow, proposal?: ProposalRow) => {
    const { row } = listing;
    const key = `${row.id}|${contact.id}`;
    if (contact.id === row.ownerId || conversationKeys.has(key)) return;
    conversationKeys.add(key);
    const ownerId = row.ownerId;
    // The script: contact speaks at even positions, the owner at odd ones.
    const contactRole: Role = listing.kind === 'package' ? 'carrier' : 'shipper';
    const ownerRole: Role = listing.kind === 'package' ? 'shipper' : 'carrier';
    type Line = { kind: MessageKind; body: string; proposalId?: string };
    const [question, answer] = rng.pick(QUESTIONS[contactRole]);
    const lines: Line[] = [
      { kind: 'text', body: rng.chance(0.6) ? DEFAULT_OPENER : rng.pick(OPENERS[contactRole]) },
      { kind: 'text', body: rng.pick(REPLIES[ownerRole]) },
    ];
    const say = (...bodies: string[]) => lines.push(...bodies.map((body) => ({ kind: 'text' as const, body })));
    if (proposal) {
      const id = proposal.id;
      lines.push({ kind: 'proposal_sent', body: '', proposalId: id });
      switch (proposal.status) {
        case 'accepted':
          lines.push({ kind: 'proposal_accepted', body: '', proposalId: id });
          say(
            rng.pick(LOGISTICS[contactRole]),
            rng.pick(LOGISTICS[ownerRole]),
            rng.pick(CLOSINGS[contactRole]),
            rng.pick(CLOSINGS[ownerRole]),
          );
          break;
        case 'declined':
          lines.push({ kind: 'proposal_declined', body: '', proposalId: id });
          say(rng.pick(AFTER_DECLINE));
          break;
        case 'cancelled':
          say(rng.pick(THINKING), rng.pick(CANCELLING), rng.pick(AFTER_CANCEL));
          break;
        default:
          say(
            proposal.counterAmount
              ? `Je peux le faire pour ${money(proposal.counterAmount, proposal.currency)}, ça vous va ?`
              : rng.pick(THINKING),
            question,
            answer,
          );
      }
    } else {
      say(question, answer, rng.pick(CLOSINGS[contactRole]), rng.pick(CLOSINGS[ownerRole]));
    }
    // How far the conversation went (2..8 messages): at least up to the proposal's answer.
    const minimum = !proposal ? 2 : { pending: 3, accepted: 4, declined: 4, cancelled: 5 }[proposal.status];
    let count = rng.int(minimum, lines.length);
    // A demo account in a current conversation gets the last word, left unread (every script has
    // at least one line more than its minimum, so the count can always move by one).
    const current = row.status !== 'finished' && row.status !== 'expired';
    const demoReader = isDemo(ownerId) ? 'owner' : isDemo(contact.id) ? 'contact' : undefined;
    const lastFromContact = (count - 1) % 2 === 0;
    if (current && demoReader && lastFromContact !== (demoReader === 'owner')) count += count < lines.length ? 1 : -1;
    // Times: a few minutes to hours apart, the proposal_sent message at the proposal's creation.
    const proposalIndex = lines.findIndex((l) => l.kind === 'proposal_sent');
    const offsets: number[] = [];
    for (let i = 0, t = 0; i < count; i++) {
      if (i > 0) t += rng.float(3, i <= proposalIndex ? 45 : 240) * MINUTE;
      offsets.push(t);
    }
    const [windowStart, windowEnd] = proposalWindow(listing);
    const base = proposal
      ? proposal.createdAt.getTime() - offsets[proposalIndex]!
      : rng.float(windowStart, windowStart + (windowEnd - windowStart) * 0.7);
    const times = offsets.map((offset) => base + offset);
    const limit = now - 2 * MINUTE;
    const lastTime = times[count - 1]!;
    if (lastTime > limit) {
      // squeeze the conversation so that it ends before now
      const first = Math.min(times[0]!, limit - count * MINUTE);
      const span = lastTime - times[0]! || 1;
      for (let i = 0; i < count; i++) times[i] = first + ((times[i]! - times[0]!) / span) * (limit - first);
    }
    if (proposal && proposalIndex >= 0) {
      proposal.createdAt = at(Math.round(times[proposalIndex]!));
      // accepted/declined: the publisher's answer; cancelled: the sender's "I cancel"; pending: the last message
      const answer =
        proposal.status === 'cancelled'
          ? proposalIndex + 2
          : lines.findIndex((l) => l.kind === 'proposal_accepted' || l.kind === 'proposal_declined');
      const answeredAt = answer >= 0 && answer < count ? times[answer]! : times[count - 1]!;
      proposal.updatedAt = at(Math.round(Math.max(answeredAt, times[proposalIndex]!)));
    }
    const conversationId = rng.id();
    for (let i = 0; i < count; i++) {
      const line = lines[i]!;
      const senderId = i % 2 === 0 ? contact.id : ownerId;
      const isLast = i === count - 1;
      let status: MessageStatus = 'read';
      if (isLast) {
        const readerIsDemo = isDemo(senderId === ownerId ? contact.id : ownerId);
        if (readerIsDemo) status = current ? rng.weighted({ delivered: 70, sent: 30 }) : 'read';
        else status = rng.weighted({ read: 70, delivered: 20, sent: 10 });
      }
      messageRows.push({
        id: rng.id(),
        conversationId,
        senderId,
        kind: line.kind,
        body: line.body,
        proposalId: line.proposalId ?? null,
        status,
        createdAt: at(Math.round(times[i]!)),
      });
    }
    conversationRows.push({
      id: conversationId,
      packageId: listing.kind === 'package' ? row.id : null,
      travelId: listing.kind === 'travel' ? row.id : null,
      ownerId,
      contactId: contact.id,
      createdAt: at(Math.round(times[0]!)),
      lastMessageAt: at(Math.round(times[count - 1]!)),
    });
  };

  for (const proposal of proposalRows) {
    const listing = listingOf.get(proposal.packageId ?? proposal.travelId ?? '')!;
    const involvesDemo = isDemo(proposal.senderId) || isDemo(proposal.publisherId);
    if (involvesDemo || rng.chance(0.4)) converse(listing, userById.get(proposal.senderId)!, proposal);
  }
  // A few conversations with questions only, on open listings.
  const openListings = listings.filter((l) => open.includes(l.row.status));
  for (let i = 0; i < 15; i++) {
    const listing = rng.pick(openListings);
    converse(listing, rng.pick(active.filter((u) => u.id !== listing.row.ownerId)));
  }

  // ------------------------------------------------ ratings (and each user's average)
  const ratingRows: (Row<typeof ratings> & { score: number })[] = [];
  const ratingKeys = new Set<string>();
  const rate = (author: UserRow, rated: UserRow, after: number): boolean => {
    const key = `${author.id}|${rated.id}`;
    if (author.id === rated.id || ratingKeys.has(key)) return false;
    ratingKeys.add(key);
    const score = rng.weightedInt({ 5: 55, 4: 30, 3: 9, 2: 4, 1: 2 });
    const since = Math.max(after, author.createdAt.getTime(), rated.createdAt.getTime());
    ratingRows.push({
      id: rng.id(),
      authorId: author.id,
      ratedUserId: rated.id,
      score,
      comment: rng.pick(RATING_COMMENTS[score]!),
      createdAt: at(Math.min(now - HOUR, since + rng.float(0.2, 10) * DAY)),
    });
    return true;
  };
  for (const proposal of proposalRows) {
    if (proposal.status !== 'accepted') continue;
    const listing = listingOf.get(proposal.packageId ?? proposal.travelId ?? '')!;
    if (listing.row.status !== 'finished') continue;
    const sender = userById.get(proposal.senderId)!;
    const publisher = userById.get(proposal.publisherId)!;
    const ended = listing.row.endedAt.getTime();
    if (rng.chance(0.85)) rate(publisher, sender, ended);
    if (rng.chance(0.85)) rate(sender, publisher, ended);
  }
  // More ratings from past exchanges, so that most members have a few (the newcomer none).
  for (const rated of active) {
    const wanted = rated === demo.traveller ? 9 : rated === demo.sender ? 5 : rng.int(0, 4);
    for (let given = 0, tries = 0; given < wanted && tries < 50; tries++)
      if (rate(rng.pick(active), rated, now - rng.float(20, 200) * DAY)) given++;
  }
  const scores = new Map<string, number[]>();
  for (const r of ratingRows) scores.set(r.ratedUserId, [...(scores.get(r.ratedUserId) ?? []), r.score]);
  for (const user of userRows) {
    const list = scores.get(user.id) ?? [];
    user.ratingCount = list.length;
    user.ratingAverage = list.length ? Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 100) / 100 : null;
  }

  // ------------------------------------------------ favourites, likes, reports, newsletter, contact
  const favouriteRows: Row<typeof favourites>[] = [];
  const favourite = (user: UserRow, listing: Listing | undefined) => {
    if (!listing || listing.row.ownerId === user.id) return;
    if (favouriteRows.some((f) => f.userId === user.id && f.listingId === listing.row.id)) return;
    favouriteRows.push({
      userId: user.id,
      kind: listing.kind,
      listingId: listing.row.id,
      createdAt: at(now - rng.float(0.5, 20) * DAY),
    });
  };
  const openTravels = openListings.filter((l) => l.kind === 'travel');
  const openPackages = openListings.filter((l) => l.kind === 'package');
  for (let i = 0; i < 4; i++) favourite(demo.sender, rng.pick(openTravels));
  favourite(demo.sender, rng.pick(openPackages));
  for (let i = 0; i < 4; i++) favourite(demo.traveller, rng.pick(openPackages));
  favourite(demo.traveller, rng.pick(openTravels));
  favourite(demo.newcomer, rng.pick(openTravels));
  favourite(demo.newcomer, rng.pick(openPackages));
  for (let i = 0; i < 10; i++) {
    const user = rng.pick(others);
    favourite(user, rng.pick(openListings));
  }

  const likeRows: Row<typeof likes>[] = [];
  const like = (user: UserRow, liked: UserRow) => {
    if (user.id === liked.id || likeRows.some((l) => l.userId === user.id && l.likedUserId === liked.id)) return;
    likeRows.push({
      userId: user.id,
      likedUserId: liked.id,
      createdAt: at(now - rng.float(1, 90) * DAY),
    });
  };
  like(demo.sender, demo.traveller);
  like(demo.traveller, demo.sender);
  for (let i = 0; i < 6; i++) like(rng.pick(others), demo.traveller);
  for (let i = 0; i < 3; i++) like(rng.pick(others), demo.sender);
  for (let i = 0; i < 6; i++) like(rng.pick(others), rng.pick(others));

  const reportRows: Row<typeof reports>[] = [
    {
      id: rng.id(),
      reporterId: demo.sender.id,
      reportedUserId: others[29]!.id,
      reason: 'no_show',
      details: 'Ne s’est pas présenté au rendez-vous pour récupérer le colis et ne répond plus aux messages.',
      createdAt: at(now - 12 * DAY),
    },
    {
      id: rng.id(),
      reporterId: others[4]!.id,
      reportedUserId: others[17]!.id,
      reason: 'suspicious',
      details: 'Demande un paiement d’avance par virement avant même de voir le colis.',
      createdAt: at(now - 40 * DAY),
    },
  ];

  const newsletterRows: Row<typeof newsletterSubscriptions>[] = [
    { email: 'hana.kefi@example.com', locale: 'fr', createdAt: at(now - 60 * DAY) },
    { email: 'pierre.durand@example.org', locale: 'fr', createdAt: at(now - 25 * DAY) },
    { email: 'walid.amri@example.net', locale: 'ar-TN', createdAt: at(now - 4 * DAY) },
  ];

  const contactRows: Row<typeof contactMessages>[] = [
    {
      id: rng.id(),
      name: 'Hana Kefi',
      email: 'hana.kefi@example.com',
      subject: 'Assurance des colis',
      message: 'Bonjour, est-ce que les colis transportés sont assurés en cas de perte ? Merci.',
      locale: 'fr',
      userId: null,
      createdAt: at(now - 9 * DAY),
    },
    {
      id: rng.id(),
      name: demo.traveller.name,
      email: demo.traveller.email,
      subject: 'Vérification d’identité',
      message: 'Bonjour, j’ai envoyé ma pièce d’identité il y a deux jours, pouvez-vous confirmer la vérification ?',
      locale: 'fr',
      userId: demo.traveller.id,
      createdAt: at(now - 2 * DAY),
    },
  ];

  // ------------------------------------------------ write
  const accountRows: Row<typeof accounts>[] = userRows.map((u) => ({
    id: rng.id(),
    userId: u.id,
    accountId: u.id,
    providerId: 'credential',
    password: passwordHash,
    createdAt: u.createdAt,
    updatedAt: u.createdAt,
  }));
  const stamp = <T extends { createdAt: Date }>(rows: T[]) => rows.map((r) => ({ ...r, updatedAt: r.createdAt }));

  const db = await getDb();
  await db.transaction(async (tx: Tx) => {
    await insertBatches(stamp(userRows), (chunk) => tx.insert(users).values(chunk));
    await insertBatches(accountRows, (chunk) => tx.insert(accounts).values(chunk));
    await insertBatches(stamp(packageRows), (chunk) => tx.insert(packages).values(chunk));
    await insertBatches(imageRows, (chunk) => tx.insert(packageImages).values(chunk));
    await insertBatches(stamp(travelRows), (chunk) => tx.insert(travels).values(chunk));
    await insertBatches(proposalRows, (chunk) => tx.insert(proposals).values(chunk));
    await insertBatches(conversationRows, (chunk) => tx.insert(conversations).values(chunk));
    await insertBatches(messageRows, (chunk) => tx.insert(messages).values(chunk));
    await insertBatches(ratingRows, (chunk) => tx.insert(ratings).values(chunk));
    await insertBatches(favouriteRows, (chunk) => tx.insert(favourites).values(chunk));
    await insertBatches(likeRows, (chunk) => tx.insert(likes).values(chunk));
    await insertBatches(reportRows, (chunk) => tx.insert(reports).values(chunk));
    await insertBatches(newsletterRows, (chunk) => tx.insert(newsletterSubscriptions).values(chunk));
    await insertBatches(contactRows, (chunk) => tx.insert(contactMessages).values(chunk));
  });
  await imagesDone;

  return {
    users: userRows.length,
    accounts: accountRows.length,
    packages: packageRows.length,
    packageImages: imageRows.length,
    travels: travelRows.length,
    proposals: proposalRows.length,
    conversations: conversationRows.length,
    messages: messageRows.length,
    ratings: ratingRows.length,
    favourites: favouriteRows.length,
    likes: likeRows.length,
    reports: reportRows.length,
    newsletterSubscriptions: newsletterRows.length,
    contactMessages: contactRows.length,
  };
}
