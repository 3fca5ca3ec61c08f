import 'server-only';
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dataDir } from '@/lib/server/db/client';

// Uploaded files on the local disk: listing photos are public (app/uploads serves DATA_DIR/uploads to
// anyone), message photos private (DATA_DIR/private, served by the API to the conversation's two
// participants only). An S3-compatible bucket will come later behind these same functions.

export type UploadArea = 'public' | 'private';
const folders: Record<UploadArea, string> = { public: 'uploads', private: 'private' };

/** Where the file stored under `key` (e.g. `packages/<id>/0.webp`) lives on disk. */
export function uploadPath(key: string, area: UploadArea = 'public'): string {
  const root = path.join(/*turbopackIgnore: true*/ dataDir(), folders[area]);
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) throw new Error(`Invalid upload key: ${key}`);
  return file;
}

export async function saveUpload(key: string, data: Buffer, area: UploadArea = 'public'): Promise<void> {
  const file = uploadPath(key, area);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
}

export async function removeUpload(key: string, area: UploadArea = 'public'): Promise<void> {
  await rm(uploadPath(key, area), { force: true });
}

/** Removes every file under a folder key (`packages/<id>`), when what they belong to is deleted. */
export async function removeUploads(folder: string, area: UploadArea = 'public'): Promise<void> {
  await rm(uploadPath(folder, area), { recursive: true, force: true });
}
