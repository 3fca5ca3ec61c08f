// What the storage holds (local disk or the S3 bucket, whichever this run uses), read through
// lib/server/storage as the app reads it.
import { getFile, listFolder, type StorageArea } from '@/lib/server/storage';

/** The bytes stored under `key`, or null. */
export async function stored(key: string, area: StorageArea = 'public'): Promise<Buffer | null> {
  const file = await getFile(key, { area });
  if (!file || 'notModified' in file) return null;
  return Buffer.concat(await file.body.toArray());
}

/** The keys stored under a folder key. */
export const storedKeys = (folder: string, area: StorageArea = 'public') => listFolder(folder, area);
