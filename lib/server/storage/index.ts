import 'server-only';
import type { Readable } from 'node:stream';
import { env, siteUrl } from '@/lib/env';
import type { GetResult, StorageArea, StorageDriver } from './driver';
import { assertStorageKey, contentTypeOf, isStorageKey, uploadsPath, variantKey } from './keys';
import { localDriver } from './local';
import { s3Driver } from './s3';
import { logger } from '../log.mjs';

// Stored files (listing photos, message photos, avatars, identity documents, database backups), read and written
// through this module only (an ESLint rule keeps file access and the S3 client here). Public files
// may be served to anyone: app/uploads, or S3_PUBLIC_URL when set. Private files are served by the
// API alone, after its access check. On the local disk under DATA_DIR, or in one S3-compatible
// bucket when S3_ENDPOINT and S3_BUCKET are set (lib/env.ts checks they come together).

export type { GetResult, StorageArea, StoredFile } from './driver';
export { isStorageKey } from './keys';

let chosen: StorageDriver | undefined;

/** The driver of this configuration, made once. */
export function storage(): StorageDriver {
  chosen ??=
    env.S3_ENDPOINT && env.S3_BUCKET
      ? s3Driver({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        })
      : localDriver;
  return chosen;
}

export async function putFile(
  key: string,
  data: Buffer,
  { area = 'public', contentType = contentTypeOf(key) }: { area?: StorageArea; contentType?: string } = {},
): Promise<void> {
  assertStorageKey(key);
  await storage().put(area, key, data, contentType);
}

/** Writes a stream of unknown length (a database dump): whole under `key`, or nothing there. */
export async function putFileStream(
  key: string,
  body: Readable,
  { area = 'public', contentType = contentTypeOf(key) }: { area?: StorageArea; contentType?: string } = {},
): Promise<void> {
  assertStorageKey(key);
  await storage().putStream(area, key, body, contentType);
}

/** The file as a stream with its size, type and tag; null when absent or when `key` is no key of ours. */
export async function getFile(
  key: string,
  { area = 'public', ifNoneMatch }: { area?: StorageArea; ifNoneMatch?: string } = {},
): Promise<GetResult> {
  if (!isStorageKey(key)) return null;
  return storage().get(area, key, ifNoneMatch);
}

export async function removeFile(key: string, area: StorageArea = 'public'): Promise<void> {
  assertStorageKey(key);
  await storage().remove(area, key);
}

/** Removes every file under a folder key (`packages/<id>`). */
export async function removeFolder(folder: string, area: StorageArea = 'public'): Promise<void> {
  assertStorageKey(folder);
  await storage().removeFolder(area, folder);
}

/** The keys under a folder key, sorted; every key of the area when `folder` is null. */
export async function listFolder(folder: string | null, area: StorageArea = 'public'): Promise<string[]> {
  if (folder === null) return storage().list(area);
  assertStorageKey(folder);
  return storage().list(area, folder);
}

export type StoredFolder = { area: StorageArea; folder: string };

/**
 * Removes the files of what was deleted (the `remove-files` job, enqueued in the delete's
 * transaction): every folder is tried; if any could not be removed, it throws after the others, so
 * that the job tries again (removing a folder already gone is harmless).
 */
export async function removeStoredFolders(folders: StoredFolder[]): Promise<void> {
  const failed: string[] = [];
  for (const { area, folder } of folders) {
    try {
      await removeFolder(folder, area);
    } catch (error) {
      logger().error({ err: error, area, folder }, 'storage: could not remove a folder');
      failed.push(`${area}/${folder}`);
    }
  }
  if (failed.length) throw new Error(`could not remove ${failed.join(', ')}`);
}

/**
 * The URL of a public file (a listing photo in one of its widths, an avatar): straight from
 * S3_PUBLIC_URL when set, else through this site's /uploads. `absolute` for JSON-LD and e-mails.
 */
export function publicFileUrl(key: string, { width, absolute = false }: { width?: number; absolute?: boolean } = {}) {
  if (env.S3_PUBLIC_URL) return `${env.S3_PUBLIC_URL.replace(/\/+$/, '')}/${width ? variantKey(key, width) : key}`;
  return `${absolute ? siteUrl : ''}${uploadsPath(key)}${width ? `?w=${width}` : ''}`;
}
