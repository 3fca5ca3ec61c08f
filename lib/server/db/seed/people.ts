import type { Rng } from './rng';

// The demo's members: the three demo accounts and about thirty others from the served countries,
// all with the same password.

export const DEMO_PASSWORD = 'demo1234';

export type Person = {
  firstname: string;
  lastname: string;
  country: string;
  locales: readonly string[];
};

export const DEMO = {
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

/** Staff: the moderation queue (CONTRACT "Demo data"); reports nobody, owns nothing. */
export const DEMO_STAFF = {
  email: 'moderator@demo.colibri.tn',
  firstname: 'Lina',
  lastname: 'Mansour',
  birthDate: '1988-03-21',
  locale: 'fr',
  ageDays: 600,
} as const;

const MAGHREB_FR = ['fr', 'ar-TN', 'fr', 'ar-TN', 'fr', 'ar', 'en'] as const;
export const PEOPLE: Person[] = [
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
export function mobileCandidate(rng: Rng, country: string): string {
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

function asciiSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** firstname.lastname@demo.colibri.tn, in plain ASCII. */
export function demoEmail(person: Pick<Person, 'firstname' | 'lastname'>): string {
  return `${asciiSlug(person.firstname)}.${asciiSlug(person.lastname)}@demo.colibri.tn`;
}
