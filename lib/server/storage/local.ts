import 'server-only';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dataDir } from '@/lib/server/db/client';
import type { GetResult, StorageArea, StorageDriver } from './driver';
import { contentTypeOf } from './keys';

// Files under DATA_DIR: `uploads/` for the public area, `private/` for the private one, `backups/`.

const folders: Record<StorageArea, string> = { public: 'uploads', private: 'private', backups: 'backups' };
const absent = new Set(['ENOENT', 'EISDIR', 'ENOTDIR']);
/** Backups hold every member's data (password hashes included): readable by their system user only. */
const ownerOnly = (area: StorageArea, mode: number) => (area === 'backups' ? { mode } : {});

/** Where `key` of `area` lives on disk; the key was checked, and this checks again that it stays inside. */
export function localPath(area: StorageArea, key: string): string {
  const root = path.join(/*turbopackIgnore: true*/ dataDir(), folders[area]);
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
  return file;
}

export const localDriver: StorageDriver = {
  kind: 'local',

  async put(area, key, data) {
    const file = localPath(area, key);
    await mkdir(path.dirname(file), { recursive: true, ...ownerOnly(area, 0o700) });
    // Written aside, then renamed: a reader sees the whole file or none.
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    try {
      await writeFile(partial, data, ownerOnly(area, 0o600));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  },

  async putStream(area, key, body) {
    const file = localPath(area, key);
    await mkdir(path.dirname(file), { recursive: true, ...ownerOnly(area, 0o700) });
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    try {
      await pipeline(body, createWriteStream(partial, ownerOnly(area, 0o600)));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  },

  async get(area, key, ifNoneMatch): Promise<GetResult> {
    let handle;
    try {
      handle = await open(localPath(area, key), 'r');
    } catch (error) {
      if (absent.has((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      if (ifNoneMatch === etag) {
        await handle.close();
        return { notModified: true, etag };
      }
      return {
        body: handle.createReadStream(), // closes the handle when it ends or is destroyed
        size: stat.size,
        contentType: contentTypeOf(key),
        etag,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  },

  async remove(area, key) {
    await rm(localPath(area, key), { force: true });
  },

  async removeFolder(area, folder) {
    await rm(localPath(area, folder), { recursive: true, force: true });
  },

  async list(area, folder) {
    const dir = folder ? localPath(area, folder) : path.join(/*turbopackIgnore: true*/ dataDir(), folders[area]);
    try {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith('.part'))
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .map((key) => (folder ? `${folder}/${key}` : key))
        .sort();
    } catch (error) {
      if (absent.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  },
};
