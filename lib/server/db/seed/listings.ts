import type { ListingStatus, TravelType } from '@/lib/domain';
import { endpoints, place, reversed, routeBetween, type Route } from './geography';
import { deliveryWindow, parcelWeight, pickItem } from './items';
import type { Members } from './members';
import { priceFor } from './prices';
import type { Rng } from './rng';
import { ROUTES } from './routes';
import type { Listing, PackageRow, Seeding, TravelRow, UserRow } from './rows';
import { tripDescription } from './trip-descriptions';
import { availableKgFor, travelTypeFor, tripDuration } from './trips';
import { at, DAY, HOUR, roundTime } from './units';

// The demo's listings: 100 packages and 100 travels on the routes of ./routes.ts, in every state,
// ten of each for the demo sender and the demo traveller, and one trip of every travel type.

const PACKAGE_COUNT = 100;
const TRAVEL_COUNT = 100;

const STATUS_MIX: [ListingStatus, number][] = [
  ['upcoming', 0.35],
  ['active', 0.3],
  ['in_transit', 0.1],
  ['finished', 0.15],
  ['expired', 0.1],
];

export type Listings = {
  packages: PackageRow[];
  travels: TravelRow[];
  all: Listing[];
  byId: Map<string, Listing>;
};

function statusList(rng: Rng, count: number): ListingStatus[] {
  const list: ListingStatus[] = [];
  for (const [status, share] of STATUS_MIX) for (let i = 0; i < Math.round(count * share); i++) list.push(status);
  while (list.length < count) list.push('upcoming');
  return rng.shuffle(list.slice(0, count));
}

const routeByNames = (fromName: string, fromCc: string, toName: string, toCc: string): Route =>
  routeBetween(place(fromName, fromCc), place(toName, toCc));

/** startedAt, endedAt and createdAt for a listing in a state, lasting about `duration`. */
function schedule({ rng, now }: Seeding, status: ListingStatus, duration: number, owner: UserRow) {
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
      // Active from its departure day (lib/server/listings/lifecycle.ts): left today or a few days ago,
      // arriving after today.
      start = roundTime(now - rng.float(0.05, 3) * DAY);
      end = Math.max(start + duration, roundTime(now + rng.float(1.5, 10) * DAY));
      created = start - rng.float(1, 30) * DAY;
      break;
    case 'in_transit':
      start = roundTime(now - rng.float(1, 5) * DAY);
      end = Math.max(start + duration, roundTime(now + rng.float(0.3, 4) * DAY));
      created = start - rng.float(3, 30) * DAY;
      break;
    default: {
      // Arrived before yesterday ended (Tunis days), so the lifecycle sweep has nothing to move.
      const maxAgo = Math.max(3, Math.min(150, ownerAge / DAY - 15));
      end = roundTime(now - rng.float(2, maxAgo) * DAY);
      start = end - duration;
      created = start - rng.float(3, 40) * DAY;
    }
  }
  created = Math.min(now - HOUR, Math.max(created, owner.createdAt.getTime() + HOUR));
  return { startedAt: at(start), endedAt: at(end), createdAt: at(created) };
}

export function makeListings(seeding: Seeding, { demo, others }: Members): Listings {
  const { rng } = seeding;
  const routes = ROUTES.map(
    ([fromName, fromCc, toName, toCc, weight]) => [routeByNames(fromName, fromCc, toName, toCc), weight] as const,
  );
  const randomRoute = (filter?: (r: Route) => boolean): Route => {
    const pool = filter ? routes.filter(([r]) => filter(r)) : routes;
    const r = rng.weightedItem(pool);
    return rng.chance(0.45) ? reversed(r) : r;
  };

  // packages
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
    const duration = deliveryWindow(rng);
    packageRows.push({
      id: rng.id(),
      ownerId: plan.owner.id,
      ...endpoints(route),
      ...schedule(seeding, plan.status, duration, plan.owner),
      ...priceFor(rng, route),
      status: plan.status,
      name: item.name,
      description: item.description,
      weightKg: parcelWeight(rng, item),
    });
  }

  // travels
  const travelRows: TravelRow[] = [];
  const makeTravel = (owner: UserRow, status: ListingStatus, route: Route, type: TravelType) => {
    const availableKg = availableKgFor(rng, type);
    const duration = tripDuration(rng, type, route);
    travelRows.push({
      id: rng.id(),
      ownerId: owner.id,
      ...endpoints(route),
      ...schedule(seeding, status, duration, owner),
      ...priceFor(rng, route),
      status,
      travelType: type,
      availableKg,
      description: tripDescription(rng, type, route, availableKg),
    });
  };
  // The demo traveller: mostly Tunisia <-> France by plane, and a louage at home.
  const travellerTrips: [ListingStatus, Route, TravelType][] = [
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
  const showcase: [string, string, string, string, TravelType][] = [
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

  const all: Listing[] = [
    ...packageRows.map((row) => ({ kind: 'package' as const, row })),
    ...travelRows.map((row) => ({ kind: 'travel' as const, row })),
  ];
  return { packages: packageRows, travels: travelRows, all, byId: new Map(all.map((l) => [l.row.id, l])) };
}
