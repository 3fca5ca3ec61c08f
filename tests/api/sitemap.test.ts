// The sitemap of the pages that read the database (lib/server/public/sitemap.ts), with generated
// listings and the URL limit lowered: the index names the content pages' file and just enough
// files; each is well-formed XML with at most the limit of URLs; together they hold every home
// page, list, landing page, indexed route page and indexed listing once, in the four languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { SaxesParser } from 'saxes';
import { inArray } from 'drizzle-orm';
import { deleteListingsOf, member } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { packages, travels } from '@/lib/server/db/schema';
import { locales } from '@/lib/i18n/locales';
import { siteUrl } from '@/lib/env';
import { sitemapPaths, sitemapUrlLimit } from '@/lib/routes';
import { openListingIds } from '@/lib/server/listings/listings';
import { sitemapIndexXml, sitemapPartXml } from '@/lib/server/public/sitemap';
import { indexedRoutes } from '@/lib/server/public/routes';
import { placeById, placeSlug } from '@/lib/places';
import { packageRow, travelRow } from '@/scripts/bench/generate';

const newId = () => randomBytes(12).toString('base64url');

let ownerId = '';

before(async () => {
  await migrateDb();
  ownerId = (await member('sitemap')).userId;
  const db = await getDb();
  await db.insert(packages).values(Array.from({ length: 40 }, () => ({ ...packageRow([ownerId]), id: newId() })));
  await db.insert(travels).values(Array.from({ length: 30 }, () => ({ ...travelRow([ownerId]), id: newId() })));
});
after(async () => {
  await deleteListingsOf(ownerId);
  await closeDb();
});

/** The text of every `tag` element of a well-formed XML document (throws on anything else). */
function texts(xml: string, tag: string): string[] {
  const parser = new SaxesParser({ xmlns: false });
  const found: string[] = [];
  let inside = false;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (node) => (inside = node.name === tag));
  parser.on('text', (text) => inside && found.push(text));
  parser.on('closetag', () => (inside = false));
  parser.write(xml).close();
  return found;
}

async function partsOf(limit: number) {
  const index = await sitemapIndexXml(limit);
  assert.match(index, /<sitemapindex /);
  const files = texts(index, 'loc');
  assert.equal(files[0], siteUrl + sitemapPaths.pages, 'the content pages first');
  const parts = files.slice(1);
  assert.deepEqual(
    parts,
    parts.map((_, n) => siteUrl + sitemapPaths.part(n)),
  );
  return parts;
}

test('the URL limit is the protocol one', () => {
  assert.equal(sitemapUrlLimit, 50_000);
});

test('with the limit lowered, the index splits the pages into valid files of at most that many URLs', async () => {
  const limit = 4 * 7 + 3; // 7 pages of four languages per file
  const parts = await partsOf(limit);
  const urls: string[] = [];
  for (let n = 0; n < parts.length; n += 1) {
    const xml = await sitemapPartXml(n, limit);
    assert.ok(xml, `file ${n}`);
    assert.match(xml, /<urlset /);
    const locs = texts(xml, 'loc');
    assert.ok(locs.length > 0 && locs.length <= limit, `file ${n}: ${locs.length} URLs`);
    if (n < parts.length - 1) assert.equal(locs.length, 28, `file ${n} is full`);
    urls.push(...locs);
  }
  assert.equal(await sitemapPartXml(parts.length, limit), null, 'no file past the last');
  assert.equal(new Set(urls).size, urls.length, 'each URL once');

  const listings = await openListingIds();
  const db = await getDb();
  const generated = [
    ...(await db
      .select({ id: packages.id })
      .from(packages)
      .where(inArray(packages.status, ['active', 'upcoming']))),
    ...(await db
      .select({ id: travels.id })
      .from(travels)
      .where(inArray(travels.status, ['active', 'upcoming']))),
  ];
  assert.ok(generated.length > 10, 'open listings to list');
  for (const { id } of generated) assert.ok(listings.some((l) => l.id === id));
  for (const listing of listings) {
    const path = `/${listing.kind === 'package' ? 'colis' : 'trajet'}/${listing.id}`;
    for (const locale of ['fr', 'en', 'tn', 'ar'])
      assert.ok(urls.includes(`${siteUrl}/${locale}${path}`), `${locale}${path}`);
  }
  for (const locale of ['fr', 'en', 'tn', 'ar']) {
    assert.ok(urls.includes(`${siteUrl}/${locale}`), `home ${locale}`);
    assert.ok(urls.includes(`${siteUrl}/${locale}/envoyer-colis/tunisie`), `landing ${locale}`);
    assert.ok(urls.includes(`${siteUrl}/${locale}/envoi-colis/paris/tunis`), `a big pair ${locale}`);
    for (const route of await indexedRoutes())
      assert.ok(
        urls.includes(`${siteUrl}/${locale}/envoi-colis/${route.from}/${route.to}`),
        `${route.from}/${route.to}`,
      );
  }
  // The generated listings' pairs (open, hence served within the window) are route pages there.
  const [generatedPair] = await db
    .select({ from: packages.fromPlaceId, to: packages.toPlaceId })
    .from(packages)
    .where(inArray(packages.status, ['active', 'upcoming']))
    .limit(1);
  const from = placeById(generatedPair!.from!)!;
  const to = placeById(generatedPair!.to!)!;
  assert.ok(urls.includes(`${siteUrl}/fr/envoi-colis/${placeSlug(from)}/${placeSlug(to)}`), 'a generated pair');
  assert.equal(urls.length % locales.length, 0);
  assert.equal(parts.length, Math.ceil(urls.length / 28));
});

test('with the protocol limit, this database fits in one file', async () => {
  const parts = await partsOf(sitemapUrlLimit);
  assert.equal(parts.length, 1);
  const xml = await sitemapPartXml(0);
  assert.ok(xml && texts(xml, 'loc').length <= sitemapUrlLimit);
  assert.equal(await sitemapPartXml(1), null);
});
