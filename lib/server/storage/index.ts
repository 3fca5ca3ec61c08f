import 'server-only';
import path from 'node:path';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dataDir } from '@/lib/server/db/client';

// Uploaded files, read and written through this module only (an ESLint rule keeps file access here):
// listing photos are public (app/uploads serves them to anyone), message photos private (served by
// the API to the conversation's two participants only). On the local disk under DATA_DIR for now.

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

const absent = new Set(['ENOENT', 'EISDIR', 'ENOTDIR']);

/** The bytes stored under `key`, or null when there are none (or the key names no file). */
export async function readUpload(key: string, area: UploadArea = 'public'): Promise<Buffer | null> {
  let file: string;
  try {
    file = uploadPath(key, area);
  } catch {
    return null;
  }
  try {
    return await readFile(file);
  } catch (error) {
    if (absent.has((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
}

export async function removeUpload(key: string, area: UploadArea = 'public'): Promise<void> {
  await rm(uploadPath(key, area), { force: true });
}

/** Removes every file under a folder key (`packages/<id>`), when what they belong to is deleted. */
export async function removeUploads(folder: string, area: UploadArea = 'public'): Promise<void> {
  await rm(uploadPath(folder, area), { recursive: true, force: true });
}
