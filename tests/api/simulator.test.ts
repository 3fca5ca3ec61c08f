// The price simulator's API against a real database: the real prices of a route when there are
// enough (listings of the last 90 days and deals accepted on them), the default table otherwise, the
// currency conversion, the price guidance, and every bad query refused beside its field.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/simulator.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { call, deleteListingsOf, member, soon } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { packages, proposals } from '@/lib/server/db/schema';
import { createListing } from '@/lib/server/listings/listings';
import { packageInputSchema, travelInputSchema } from '@/lib/schemas/listings';
import { convert, referenceRates } from '@/lib/reference-rates';
import { GET as estimate } from '@/app/api/user/v1/price-estimate/route';

const day = 24 * 3600 * 1000;

let seller: Awaited<ReturnType<typeof member>>;
let buyer: Awaited<ReturnType<typeof member>>;

// Lyon → Sousse belongs to this file alone (other files share the database): four parcels at 8, 10,
// 12 and 14 EUR a kilo, a trip at 34 TND (10 EUR at the reference rate), a parcel published 100 days
// ago at 50 EUR (outside the window), and a deal accepted at 60 EUR for 5 kg (12 EUR a kilo).
before(async () => {
  await migrateDb();
  seller = await member('seller');
  buyer = await member('buyer');
  const parcel = (pricePerKg: number, currency = 'EUR') =>
    packageInputSchema.parse({
      name: 'Vêtements',
      from: { city: 'Lyon' },
      to: { city: 'Sousse' },
      startedAt: soon(3),
      endedAt: soon(6),
      weightKg: 5,
      pricePerKg,
      currency,
    });
  const ids: string[] = [];
  for (const price of [8, 10, 12, 14]) ids.push((await createListing('package', seller.userId, parcel(price))).id);
  await createListing(
    'travel',
    seller.userId,
    travelInputSchema.parse({
      from: { city: 'Lyon' },
      to: { city: 'Sousse' },
      startedAt: soon(2),
      endedAt: soon(3),
      pricePerKg: 34.1,
      currency: 'TND',
      travelType: 'plane',
    }),
  );
  const old = await createListing('package', seller.userId, parcel(50));
  const db = await getDb();
  await db
    .update(packages)
    .set({ createdAt: new Date(Date.now() - 100 * day) })
    .where(eq(packages.id, old.id));
  await db.insert(proposals).values({
    id: randomUUID(),
    packageId: ids[1],
    senderId: buyer.userId,
    publisherId: seller.userId,
    amount: 55,
    agreedAmount: 60,
    currency: 'EUR',
    status: 'delivered',
  });
});
after(async () => {
  await deleteListingsOf(seller.userId);
  await closeDb();
});

/** Intl puts narrow no-break spaces in prices (`50,00 €`): compared as plain spaces. */
const plain = (text: string | null) => text?.replace(/[\u202f\u00a0]/g, ' ') ?? null;

const ask = async (query: Record<string, string>, locale = 'fr') => {
  const answer = await call(estimate, { query, locale });
  return answer;
};

describe('a route with enough real prices', () => {
  test('the middle half of its prices per kg, times the weight, explained', async () => {
    const answer = await ask({ weight: '5', from: 'Lyon', to: 'Sousse', currency: 'EUR' });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const data = answer.json.data;
    // Samples in EUR: 8, 10, 12, 14 (parcels), 10 (the trip), 12 (the deal); quartiles 10 and 12.
    assert.equal(data.basis, 'prices');
    assert.equal(data.scope, 'cities');
    assert.equal(data.samples, 6);
    assert.deepEqual(data.perKg, { low: 10, high: 12 });
    assert.deepEqual(data.total, { low: 50, high: 60 });
    assert.deepEqual(data.from, { id: data.from.id, name: 'Lyon', country: 'FR' });
    assert.equal(data.to.country, 'TN');
    assert.ok(data.distanceKm > 1100 && data.distanceKm < 1300, String(data.distanceKm));
    assert.equal(data.ratesDate, referenceRates.asOf);
    assert.equal(plain(data.text.total), '50,00 € à 60,00 €');
    assert.match(
      plain(data.text.explanation)!,
      /^Calculée sur 6 prix .* Lyon – Sousse .* de 10,00 € à 12,00 € par kg, multipliée par 5 kg\.$/,
    );
    // The guidance counts listings only: 5 of them, from 8 to 14 EUR.
    assert.deepEqual(data.guidance, { listings: 5, perKg: { low: 8, high: 14 } });
    assert.equal(
      plain(data.text.guidance),
      'Sur ce trajet (Lyon – Sousse) : de 8,00 € à 14,00 € par kg, 5 annonces ces 90 derniers jours.',
    );
  });

  test('in dinars: converted at the reference rates, whole dinars without millimes', async () => {
    const answer = await ask({ weight: '5', from: 'Lyon', to: 'Sousse', currency: 'TND' }, 'en');
    const data = answer.json.data;
    assert.equal(data.currency, 'TND');
    assert.deepEqual(data.perKg, {
      low: Math.floor(convert(10, 'EUR', 'TND') * 2) / 2,
      high: Math.ceil(convert(12, 'EUR', 'TND') * 2) / 2,
    });
    assert.match(plain(data.text.total)!, /^TND\s?170 to TND\s?205$/);
    assert.match(data.text.rates, /^Converted at the reference rates of \d+ \w+ \d{4}\.$/);
  });

  test('city names in any language of the gazetteer; answers in the caller’s', async () => {
    const answer = await ask({ weight: '5', from: 'ليون', to: 'سوسة', currency: 'EUR' }, 'ar');
    assert.equal(answer.json.data.basis, 'prices');
    assert.equal(answer.json.data.to.name, 'سوسة');
  });
});

describe('without enough real prices', () => {
  test('two cities with too few prices: the two countries’ prices', async () => {
    const data = (await ask({ weight: '2', from: 'Lyon', to: 'Monastir', currency: 'EUR' })).json.data;
    assert.equal(data.scope, 'countries');
    assert.equal(data.basis, 'prices');
    assert.match(data.text.explanation, / France – Tunisie /);
  });

  test('two countries with too few prices: the default table by distance, and the guidance says so', async () => {
    // A corridor the demo never serves (its Casablanca – Milan listings would count, as the seed test runs first).
    const data = (await ask({ weight: '3', from: 'Milan', to: 'Tripoli', currency: 'EUR' })).json.data;
    assert.equal(data.basis, 'default');
    assert.equal(data.scope, 'countries');
    // About 1,450 km: 6 to 12 EUR a kilo.
    assert.deepEqual(data.perKg, { low: 6, high: 12 });
    assert.deepEqual(data.total, { low: 18, high: 36 });
    assert.deepEqual(data.guidance, { listings: 0, perKg: null });
    assert.equal(
      data.text.guidance,
      'Sur ce trajet (Italie – Libye) : aucune annonce ces 90 derniers jours pour l’instant.',
    );
    assert.match(
      data.text.explanation,
      /^Trop peu de prix sur la ligne Italie – Libye ces 90 derniers jours \(0\) : notre barème/,
    );
  });

  test('a distance alone: the default table, no guidance', async () => {
    const answer = await ask({ weight: '0.5', distance: '250', currency: 'EUR' });
    const data = answer.json.data;
    assert.equal(data.basis, 'default');
    assert.equal(data.scope, 'distance');
    assert.equal(data.billableKg, 1);
    assert.deepEqual(data.perKg, { low: 2, high: 5 });
    assert.deepEqual(data.total, { low: 2, high: 5 });
    assert.equal(data.guidance, null);
    assert.equal(data.text.guidance, null);
    assert.equal(
      plain(data.text.explanation),
      'Notre barème par défaut pour 250 km, de 2,00 € à 5,00 € par kg, multiplié par 1 kg (minimum compté).',
    );
  });
});

describe('bad queries', () => {
  const rows: [string, Record<string, string>, string, string][] = [
    ['no weight', { from: 'Paris', to: 'Tunis' }, 'weight', 'Ce champ est obligatoire.'],
    [
      'a blank weight (the form’s empty field)',
      { weight: '', distance: '100' },
      'weight',
      'Le poids doit être supérieur à 0.',
    ],
    ['a weight of 0', { weight: '0', distance: '100' }, 'weight', 'Le poids doit être supérieur à 0.'],
    [
      'a weight of 2 tonnes',
      { weight: '2000', distance: '100' },
      'weight',
      'Ce poids dépasse ce que le simulateur estime (1 000 kg).',
    ],
    [
      'neither cities nor distance',
      { weight: '5' },
      'from',
      'Indiquez les villes de départ et d’arrivée, ou une distance.',
    ],
    ['a departure without arrival', { weight: '5', from: 'Paris' }, 'to', 'Sélectionnez une adresse.'],
    ['an unknown city', { weight: '5', from: 'Xqzzy', to: 'Tunis' }, 'from', 'Adresse introuvable.'],
    ['a negative distance', { weight: '5', distance: '-4' }, 'distance', 'La distance doit être supérieure à 0.'],
    ['an unknown currency', { weight: '5', distance: '40', currency: 'XYZ' }, 'currency', 'Choisissez une devise.'],
  ];
  for (const [what, query, field, message] of rows)
    test(`${what}: 400, beside ${field}`, async () => {
      const answer = await ask(query);
      assert.equal(answer.status, 400);
      assert.equal(answer.json.error!.code, 'VALIDATION_FAILED');
      assert.equal(answer.json.error!.fields![field], message);
    });
});
