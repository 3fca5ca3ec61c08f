import 'server-only';
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dataDir } from './db/client';

// Uploaded files (listing photos, message attachments) on the local disk under DATA_DIR/uploads.
// An S3-compatible bucket will come later behind these same functions.

/** Where the file stored under `key` (e.g. `packages/<id>/0.webp`) lives on disk. */
export function uploadPath(key: string): string {
  const root = path.join(dataDir(), 'uploads');
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) throw new Error(`Invalid upload key: ${key}`);
  return file;
}

export async function saveUpload(key: string, data: Buffer): Promise<void> {
  const file = uploadPath(key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
}

export async function removeUpload(key: string): Promise<void> {
  await rm(uploadPath(key), { force: true });
}

/** Removes every file under a folder key (`packages/<id>`), when what they belong to is deleted. */
export async function removeUploads(folder: string): Promise<void> {
  await rm(uploadPath(folder), { recursive: true, force: true });
}
