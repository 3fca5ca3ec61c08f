import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { call, member, parcelBody, soon } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { packages } from '@/lib/server/db/schema';
import { sql } from 'drizzle-orm';
import { stored } from './stored';
import { variantKey } from '@/lib/server/storage/images';
import { subscribe } from '@/lib/server/events';
import { imageLimits } from '@/lib/domain';
import { findPlace } from '@/lib/places';

const placeIdOf = (name: string) => findPlace(name)!.id;
import { GET as listPackages, POST as createPackage } from '@/app/api/user/v1/packages/route';
import { GET as listTravels, POST as createTravel } from '@/app/api/user/v1/travels/route';
import {
  DELETE as deletePackage,
  GET as getPackage,
  PUT as updatePackage,
} from '@/app/api/user/v1/packages/[id]/route';
import { POST as setStatus } from '@/app/api/user/v1/packages/[id]/status/route';
import * as travelItem from '@/app/api/user/v1/travels/[id]/route';
import { POST as setTravelStatus } from '@/app/api/user/v1/travels/[id]/status/route';
import { GET as places } from '@/app/api/user/v1/places/route';
import { POST as uploadImages } from '@/app/api/user/v1/packages/[id]/images/route';

const parcel = { ...parcelBody(), name: 'Livres universitaires', description: 'Deux cartons de livres' };

let owner: Awaited<ReturnType<typeof member>>;
let other: Awaited<ReturnType<typeof member>>;

before(async () => {
  await migrateDb();
  owner = await member('lister');
  other = await member('other');
  // A small market: 15 parcels Tunis → Paris on successive days, and trips of several types.
  for (let i = 0; i < 15; i++) {
    const res = await call(createPackage, {
      cookie: owner.cookie,
      body: { ...parcel, startedAt: soon(2 + i), endedAt: soon(6 + i), pricePerKg: 10 + i },
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
  }
  for (const [i, travelType] of (['plane', 'car', 'rental_car'] as const).entries()) {
    const res = await call(createTravel, {
      cookie: owner.cookie,
      body: {
        from: { city: 'Sfax' },
        to: { city: 'Marseille' },
        startedAt: soon(3 + i),
        endedAt: soon(4 + i),
        pricePerKg: 8,
        currency: 'EUR',
        travelType,
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
  }
});
after(async () => {
  await closeDb();
});

async function count() {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(packages);
  return row!.n;
}

async function get(handler: typeof listPackages, query: string, locale = 'fr') {
  return call(handler, { query, locale });
}

describe('list filters', () => {
  test('by country and city names in any language, sorted by date, keyset pages without overlap', async () => {
    const first = await get(listPackages, 'fromCountry=tn&toCountry=FR&limit=10');
    assert.equal(first.status, 200);
    assert.equal(first.json.data.items.length, 10);
    const dates = first.json.data.items.map((l: { startedAt: string }) => l.startedAt);
    assert.deepEqual(dates, [...dates].sort());
    assert.ok(first.json.data.nextCursor);
    const second = await get(listPackages, `fromCountry=TN&toCountry=FR&limit=10&cursor=${first.json.data.nextCursor}`);
    assert.equal(second.json.data.items.length, 5);
    const ids = new Set(first.json.data.items.map((l: { id: string }) => l.id));
    assert.ok(
      second.json.data.items.every(
        (l: { id: string; startedAt: string }) => !ids.has(l.id) && l.startedAt > dates.at(-1),
      ),
    );
    assert.equal(second.json.data.nextCursor, null);

    const arabic = await get(listPackages, `from=${encodeURIComponent('تونس')}&to=${encodeURIComponent('باريس')}`);
    assert.equal(arabic.json.data.items.length, 12);
    const cheap = await get(listPackages, 'from=Tunis&maxPrice=12&sort=price');
    assert.deepEqual(
      cheap.json.data.items.map((l: { pricePerKg: number }) => l.pricePerKg),
      [10, 11, 12],
    );
    const trips = await get(listTravels, 'type=rental_car');
    assert.ok(trips.json.data.items.length >= 1);
    assert.ok(trips.json.data.items.every((l: { travelType: string }) => l.travelType === 'rental_car'));
  });

  const bad: [string, string, string][] = [
    ['unknown country', 'fromCountry=XX1', 'fromCountry'],
    ['inverted dates', 'after=2026-12-10&before=2026-12-01', 'before'],
    ['negative weight', 'maxWeight=-3', 'maxWeight'],
    ['not a number', 'maxPrice=cheap', 'maxPrice'],
    ['impossible date', 'after=2026-02-31', 'after'],
    ['unknown travel type', 'type=rocket', 'type'],
    ['unknown city', 'from=Atlantis', 'from'],
    ['broken cursor', 'cursor=%%%', 'cursor'],
  ];
  for (const [name, query, field] of bad) {
    test(`${name}: 400 with a clear message, never a 500`, async () => {
      const res = await get(name === 'unknown travel type' ? listTravels : listPackages, query, 'en');
      assert.equal(res.status, 400, JSON.stringify(res.json));
      assert.equal(res.json.error?.code, 'VALIDATION_FAILED');
      assert.ok(res.json.error?.fields?.[field], JSON.stringify(res.json.error));
      assert.match(res.json.error?.message ?? '', /[a-z]{4}/);
    });
  }
});

describe('writes', () => {
  test('creation needs a session; bad bodies answer 400 and write nothing', async () => {
    const before = await count();
    assert.equal((await call(createPackage, { body: parcel })).status, 401);
    const rows: [string, object, string][] = [
      ['arrival before departure', { ...parcel, startedAt: soon(9), endedAt: soon(5) }, 'endedAt'],
      ['zero weight', { ...parcel, weightKg: 0 }, 'weightKg'],
      ['negative price', { ...parcel, pricePerKg: -1 }, 'pricePerKg'],
      ['no currency', { ...parcel, currency: undefined }, 'currency'],
      ['no title', { ...parcel, name: ' ' }, 'name'],
      ['unknown address', { ...parcel, to: { city: 'Atlantis' } }, 'to.city'],
    ];
    for (const [name, body, field] of rows) {
      const res = await call(createPackage, { cookie: owner.cookie, body });
      assert.equal(res.status, 400, name);
      assert.ok(res.json.error!.fields?.[field], `${name}: ${JSON.stringify(res.json.error)}`);
    }
    assert.equal(await count(), before);
  });

  const trip = {
    from: { city: 'Sousse' },
    to: { city: 'Lyon' },
    startedAt: soon(4),
    endedAt: soon(5),
    pricePerKg: 9,
    currency: 'EUR',
    travelType: 'car',
  };
  const kinds = [
    {
      kind: 'package',
      body: parcel,
      change: { weightKg: 2 },
      handlers: { create: createPackage, get: getPackage, update: updatePackage, remove: deletePackage, setStatus },
    },
    {
      kind: 'travel',
      body: trip,
      change: { availableKg: 7 },
      handlers: {
        create: createTravel,
        get: travelItem.GET,
        update: travelItem.PUT,
        remove: travelItem.DELETE,
        setStatus: setTravelStatus,
      },
    },
  ] as const;
  for (const { kind, body, change, handlers } of kinds)
    test(`${kind}: owner-only update, status and delete; 404 afterwards`, async () => {
      assert.equal(
        (await call(handlers.create, { cookie: owner.cookie, body: { ...body, pricePerKg: 0 } })).status,
        400,
      );
      const created = await call(handlers.create, { cookie: owner.cookie, body });
      const id = created.json.data.id as string;
      assert.equal(created.json.data.kind, kind);
      assert.equal(created.json.data.status, 'upcoming');
      assert.equal((await call(handlers.get, { params: { id } })).json.data.id, id);

      const changed = { ...body, ...change };
      const stranger = await call(handlers.update, { params: { id }, cookie: other.cookie, body: changed });
      assert.equal(stranger.status, 403);
      const invalid = await call(handlers.update, {
        params: { id },
        cookie: owner.cookie,
        body: { ...changed, currency: 'XXX' },
      });
      assert.equal(invalid.status, 400);
      const updated = await call(handlers.update, { params: { id }, cookie: owner.cookie, body: changed });
      const [field, value] = Object.entries(change)[0]!;
      assert.equal(updated.json.data[field], value);
      const status = (cookie: string, value: string) =>
        call(handlers.setStatus, { params: { id }, cookie, body: { status: value } });
      assert.equal((await status(other.cookie, 'expired')).status, 403);
      assert.equal((await status(owner.cookie, 'teleported')).status, 400);
      assert.equal((await status(owner.cookie, 'expired')).json.data.status, 'expired');
      assert.equal((await call(handlers.remove, { params: { id }, cookie: other.cookie })).status, 403);
      const removed = await call(handlers.remove, { params: { id }, cookie: owner.cookie });
      assert.equal(removed.status, 200);
      assert.equal(removed.json.data, null);
      const gone = await call(handlers.get, { params: { id } });
      assert.equal(gone.status, 404);
      assert.equal(gone.json.error!.code, 'NOT_FOUND');
    });
});

describe('a parcel described (the site’s publishing form)', () => {
  test('size, contents and the declaration are kept and answered; the place id wins over the name; bad ones refused', async () => {
    const described = {
      ...parcel,
      to: { city: 'anything', country: 'FR', placeId: placeIdOf('Lyon') },
      size: 'medium',
      contents: 'Vêtements et deux livres',
      noProhibitedItems: true,
    };
    const created = await call(createPackage, { cookie: owner.cookie, body: described });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const id = created.json.data.id as string;
    const got = (await call(getPackage, { params: { id } })).json.data;
    assert.equal(got.size, 'medium');
    assert.equal(got.contents, 'Vêtements et deux livres');
    assert.equal(got.noProhibitedItems, true);
    assert.equal(got.to.city, 'Lyon');
    // An update without them (the mobile app's) leaves them as they were.
    const updated = await call(updatePackage, {
      params: { id },
      cookie: owner.cookie,
      body: { ...parcel, weightKg: 3 },
    });
    assert.equal(updated.json.data.size, 'medium');
    assert.equal(updated.json.data.noProhibitedItems, true);
    // Listings from before carry none of them.
    const plain = await call(createPackage, { cookie: owner.cookie, body: parcel });
    assert.deepEqual(
      [plain.json.data.size, plain.json.data.contents, plain.json.data.noProhibitedItems],
      [null, null, false],
    );

    const before = await count();
    const rows: [string, object, string][] = [
      ['unknown size', { ...described, size: 'huge' }, 'size'],
      ['declaration false', { ...described, noProhibitedItems: false }, 'noProhibitedItems'],
      ['contents too long', { ...described, contents: 'x'.repeat(301) }, 'contents'],
      ['unknown place id', { ...described, from: { city: 'Tunis', placeId: 999999999 } }, 'from.city'],
    ];
    for (const [name, body, field] of rows) {
      const res = await call(createPackage, { cookie: owner.cookie, body });
      assert.equal(res.status, 400, name);
      assert.ok(res.json.error!.fields?.[field], `${name}: ${JSON.stringify(res.json.error)}`);
    }
    assert.equal(await count(), before);
  });
});

describe('places', () => {
  test('autocomplete in the caller’s language, within a country', async () => {
    const arabic = await call(places, { query: { q: 'sfa', country: 'tn' }, locale: 'ar' });
    assert.equal(arabic.status, 200);
    assert.equal(arabic.json.data[0].name, 'صفاقس');
    assert.ok(arabic.json.data.every((p: { country: string }) => p.country === 'TN'));
    assert.deepEqual((await call(places, { query: { q: '' } })).json.data, []);
  });
});

describe('events', () => {
  test('every write to a listing publishes listings-changed (the page cache purges on it); a refused one does not', async () => {
    let purges = 0;
    const stop = subscribe('listings-changed', () => (purges += 1));
    try {
      const created = await call(createPackage, { cookie: owner.cookie, body: parcel });
      const id = created.json.data.id as string;
      assert.equal(purges, 1, 'create');
      await call(updatePackage, {
        params: { id },
        cookie: owner.cookie,
        method: 'PUT',
        body: { ...parcel, weightKg: 3 },
      });
      assert.equal(purges, 2, 'update');
      await call(setStatus, { params: { id }, cookie: owner.cookie, body: { status: 'expired' } });
      assert.equal(purges, 3, 'status');
      assert.equal((await call(deletePackage, { params: { id }, cookie: other.cookie, method: 'DELETE' })).status, 403);
      assert.equal(purges, 3, 'refused delete');
      await call(deletePackage, { params: { id }, cookie: owner.cookie, method: 'DELETE' });
      assert.equal(purges, 4, 'delete');
    } finally {
      stop();
    }
  });
});

describe('images', () => {
  async function upload(
    id: string,
    files: { name: string; type: string; data: Uint8Array<ArrayBuffer> | Buffer }[],
    cookie = owner.cookie,
  ) {
    const form = new FormData();
    for (const f of files) form.append('images', new File([new Uint8Array(f.data)], f.name, { type: f.type }));
    return call(uploadImages, { params: { id }, form, cookie });
  }

  test('checks the type by content, the size and the count; re-encodes without metadata in three widths', async () => {
    const created = await call(createPackage, { cookie: owner.cookie, body: parcel });
    const id = created.json.data.id as string;
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#D19209' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .toBuffer();

    assert.equal((await upload(id, [{ name: 'photo.jpg', type: 'image/jpeg', data: jpeg }], other.cookie)).status, 403);
    const fake = await upload(id, [
      { name: 'photo.jpg', type: 'image/jpeg', data: new TextEncoder().encode('not an image at all') },
    ]);
    assert.equal(fake.status, 415);
    assert.equal(fake.json.error!.code, 'UNSUPPORTED_FORMAT');
    const huge = await upload(id, [
      { name: 'big.jpg', type: 'image/jpeg', data: new Uint8Array(imageLimits.maxBytes + 1) },
    ]);
    assert.equal(huge.status, 413);

    const ok = await upload(id, [{ name: 'renamed.gif', type: 'image/gif', data: jpeg }]);
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    const [image] = ok.json.data!;
    assert.equal(image!.width, 1200);
    for (const width of [1200, 600, 240]) {
      const file = await stored(variantKey(image!.key, width));
      assert.ok(file);
      const meta = await sharp(file).metadata();
      assert.equal(meta.format, 'webp');
      assert.equal(meta.width, width);
      assert.equal(meta.exif, undefined);
    }
    const many = await upload(
      id,
      Array.from({ length: 10 }, (_, i) => ({ name: `${i}.jpg`, type: 'image/jpeg', data: jpeg })),
    );
    assert.equal(many.status, 400);
    assert.equal(many.json.error!.code, 'TOO_MANY_IMAGES');
    const detail = await call(getPackage, { params: { id }, method: 'GET' });
    assert.equal(detail.json.data.images.length, 1);
  });
});
