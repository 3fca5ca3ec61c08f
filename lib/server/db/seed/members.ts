import { normalizeMobilePhone } from '@/lib/phone';
import { DEMO, DEMO_STAFF, demoEmail, mobileCandidate, PEOPLE } from './people';
import type { Rng } from './rng';
import type { Seeding, UserRow } from './rows';
import { at, DAY, HOUR } from './units';

// The demo's users: the three demo accounts first, then the other members with a phone number
// (unique, valid) for most, a birth date and a language.

export type Members = {
  all: UserRow[];
  demo: Record<keyof typeof DEMO, UserRow>;
  /** Everyone but the demo accounts. */
  others: UserRow[];
  /** Everyone but the newcomer, who has done nothing yet. */
  active: UserRow[];
  byId: Map<string, UserRow>;
  /** The demo sender or the demo traveller. */
  isDemo: (id: string) => boolean;
};

export function makeMembers({ rng, now }: Seeding): Members {
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
      email: demoEmail(person),
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
  // Every member accepted the terms when they joined.
  for (const row of userRows) row.termsAcceptedAt = row.createdAt;
  const others = userRows.slice(3);
  const active = userRows.filter((u) => u.id !== demo.newcomer.id);
  const userById = new Map(userRows.map((u) => [u.id, u]));
  const isDemo = (id: string) => id === demo.sender.id || id === demo.traveller.id;
  return { all: userRows, demo, others, active, byId: userById, isDemo };
}

/** The demo's moderator (staff role). */
export function staffMember(rng: Rng, now: number): UserRow {
  const d = DEMO_STAFF;
  const createdAt = at(now - d.ageDays * DAY);
  return {
    id: rng.id(),
    name: `${d.firstname} ${d.lastname}`,
    email: d.email,
    emailVerified: true,
    firstname: d.firstname,
    lastname: d.lastname,
    birthDate: d.birthDate,
    phone: null,
    phoneVerified: false,
    identityVerified: false,
    locale: d.locale,
    role: 'moderator',
    createdAt,
    termsAcceptedAt: createdAt,
  };
}
