// The storage (lib/server/storage/): both drivers through their one interface (the local disk of
// DATA_DIR, and S3 on a local s3rver), then a listing photo through the API on S3: uploaded, served
// by /uploads, gone from the bucket with the listing. scripts/test.mjs gives its PostgreSQL pass an
// s3rver; run alone, this file starts its own.
//   node --conditions=react-server --import tsx --test tests/api/storage.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout } from 'node:timers/promises';
import { startOwnS3 } from './own-s3';
import sharp from 'sharp';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { call, member } from './helpers';
import { imageForm, jpeg, memberTests, newPackage } from './member-fixtures';
import * as storage from '@/lib/server/storage';
import { localDriver, localPath } from '@/lib/server/storage/local';
import { s3Driver } from '@/lib/server/storage/s3';
import { variantKey } from '@/lib/server/storage/keys';
import { env } from '@/lib/env';
import { fileResponse } from '@/lib/server/http/files';
import { GET as uploads } from '@/app/uploads/[...key]/route';
import { POST as uploadImages } from '@/app/api/user/v1/packages/[id]/images/route';
import { DELETE as deletePackage } from '@/app/api/user/v1/packages/[id]/route';

let stopS3 = () => {};
before(async () => {
  stopS3 = await startOwnS3();
});
after(() => stopS3());

const settings = {
  endpoint: env.S3_ENDPOINT!,
  bucket: env.S3_BUCKET!,
  region: env.S3_REGION,
  accessKeyId: env.S3_ACCESS_KEY_ID,
  secretAccessKey: env.S3_SECRET_ACCESS_KEY,
};
const bucket = new S3Client({
  endpoint: settings.endpoint,
  region: settings.region,
  forcePathStyle: true,
  credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
});
/** Every object key of the bucket under a prefix, read with the SDK, not through the app. */
async function inBucket(prefix: string): Promise<string[]> {
  const page = await bucket.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

memberTests();

const read = async (file: Awaited<ReturnType<typeof localDriver.get>>) => {
  assert.ok(file && !('notModified' in file), 'a file');
  return Buffer.concat(await file.body.toArray());
};

for (const [name, driver] of [
  ['local disk', localDriver],
  ['S3', s3Driver(settings)],
] as const) {
  describe(`the ${name} driver`, () => {
    const folder = `tests/${name.replace(' ', '-')}-${process.pid}`;

    test('put, then get as a stream with its size, type and tag; 304 for that tag; remove', async () => {
      const data = Buffer.from('a photo, or nearly');
      await driver.put('public', `${folder}/a.webp`, data, 'image/webp');
      const file = await driver.get('public', `${folder}/a.webp`);
      assert.ok(file && !('notModified' in file));
      assert.equal(file.size, data.length);
      assert.equal(file.contentType, 'image/webp');
      assert.match(file.etag, /^".+"$/);
      assert.deepEqual(Buffer.concat(await file.body.toArray()), data);
      assert.deepEqual(await driver.get('public', `${folder}/a.webp`, file.etag), {
        notModified: true,
        etag: file.etag,
      });
      // A client gone mid-answer: cancelling the answer's stream lets go of the file (and its connection).
      const abandoned = await driver.get('public', `${folder}/a.webp`);
      assert.ok(abandoned && !('notModified' in abandoned));
      await fileResponse(abandoned, 'no-store').body!.cancel();
      const closed = new Promise((resolve) =>
        abandoned.body.closed ? resolve(true) : abandoned.body.once('close', () => resolve(true)),
      );
      assert.equal(await Promise.race([closed, setTimeout(5000, false)]), true, 'closed');
      assert.ok(abandoned.body.destroyed);
      await driver.remove('public', `${folder}/a.webp`);
      assert.equal(await driver.get('public', `${folder}/a.webp`), null);
      await driver.remove('public', `${folder}/a.webp`); // again: nothing to do, no error
    });

    test('private and public are apart: a private key is not found among the public files', async () => {
      await driver.put('private', `${folder}/secret.webp`, Buffer.from('private'), 'image/webp');
      assert.equal(await driver.get('public', `${folder}/secret.webp`), null);
      assert.equal((await read(await driver.get('private', `${folder}/secret.webp`))).toString(), 'private');
      assert.deepEqual(await driver.list('public', folder), []);
      assert.deepEqual(await driver.list('private', folder), [`${folder}/secret.webp`]);
      await driver.removeFolder('private', folder);
    });

    test('remove a folder: every key under it (more than one page of a listing), nothing beside it', async () => {
      // S3 lists and deletes 1,000 keys at a time.
      const count = driver.kind === 's3' ? 1005 : 30;
      const keys = Array.from({ length: count }, (_, i) => `${folder}/many/${String(i).padStart(4, '0')}.webp`);
      for (let i = 0; i < keys.length; i += 50)
        await Promise.all(keys.slice(i, i + 50).map((k) => driver.put('public', k, Buffer.from(k), 'image/webp')));
      await driver.put('public', `${folder}/many-not/0.webp`, Buffer.from('beside'), 'image/webp');
      await driver.put('public', `${folder}/many/sub/deeper.webp`, Buffer.from('deeper'), 'image/webp');
      assert.equal((await driver.list('public', `${folder}/many`)).length, keys.length + 1);
      await driver.removeFolder('public', `${folder}/many`);
      assert.deepEqual(await driver.list('public', `${folder}/many`), []);
      assert.deepEqual(await driver.list('public', `${folder}/many-not`), [`${folder}/many-not/0.webp`]);
      await driver.removeFolder('public', folder);
      await driver.removeFolder('public', folder); // an absent folder: no error
    });
  });
}

describe('keys', () => {
  test('a key that would leave its area is refused on write and not found on read', async () => {
    for (const key of ['../escape.webp', 'a/../../escape.webp', '/etc/passwd', 'a//b.webp', '.hidden', 'a/./b', '']) {
      await assert.rejects(storage.putFile(key, Buffer.from('x')), /Invalid storage key/, key);
      assert.equal(await storage.getFile(key), null, key);
      await assert.rejects(storage.removeFolder(key), /Invalid storage key/, key);
    }
    assert.throws(() => localPath('public', '../../x'), /Invalid storage key/);
    const answer = await uploads(new Request('http://localhost/uploads/a/../../etc/passwd'), {
      params: Promise.resolve({ key: ['..', '..', 'etc', 'passwd'] }),
    });
    assert.equal(answer.status, 404);
  });
});

describe('removing what a delete left (the remove-files job)', () => {
  test('a folder that cannot be removed is logged, the next ones are still removed, and the job is told to retry', async () => {
    await storage.putFile('tests/after-failure/a.webp', Buffer.from('x'));
    await assert.rejects(
      storage.removeStoredFolders([
        { area: 'public', folder: '../not-a-key' },
        { area: 'public', folder: 'tests/after-failure' },
      ]),
      /could not remove public\/\.\.\/not-a-key/,
    );
    assert.deepEqual(await storage.listFolder('tests/after-failure'), []);
  });
});

describe('through the API, on S3', () => {
  before(() => assert.equal(storage.storage().kind, 's3', 'this file runs the app on S3'));

  test('a listing photo: in the bucket in three widths, served by /uploads streamed and cached a year, gone with the listing', async () => {
    const owner = await member('storage-owner');
    const id = await newPackage(owner);
    const sent = await call(uploadImages, {
      params: { id },
      cookie: owner.cookie,
      form: imageForm(await jpeg(1600, 1200)),
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    const key = sent.json.data[0].key as string;
    assert.deepEqual(
      await inBucket(`public/packages/${id}/`),
      [key, variantKey(key, 240), variantKey(key, 600)].map((k) => `public/${k}`).sort(),
    );
    assert.deepEqual(await inBucket(`private/packages/${id}/`), []);

    const get = (headers: Record<string, string> = {}, query = '') =>
      uploads(new Request(`http://localhost/uploads/${key}${query}`, { headers }), {
        params: Promise.resolve({ key: key.split('/') }),
      });
    const served = await get({}, '?w=600');
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(served.headers.get('content-type'), 'image/webp');
    assert.ok(served.body instanceof ReadableStream);
    const bytes = Buffer.from(await served.arrayBuffer());
    assert.equal(Number(served.headers.get('content-length')), bytes.length);
    assert.equal((await sharp(bytes).metadata()).width, 600);
    const etag = served.headers.get('etag')!;
    assert.ok(etag);
    assert.equal((await get({ 'if-none-match': etag }, '?w=600')).status, 304);

    assert.equal((await call(deletePackage, { params: { id }, cookie: owner.cookie })).status, 200);
    assert.deepEqual(await inBucket(`public/packages/${id}/`), [], 'every width gone from the bucket');
    assert.equal((await get()).status, 404);
  });
});
