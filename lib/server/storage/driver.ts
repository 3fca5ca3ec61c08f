import type { Readable } from 'node:stream';

/**
 * Public files are served to anyone (and from S3_PUBLIC_URL); private ones only through the app after
 * its access check; backups (lib/server/db/backup.ts) by no one: an operator restores them.
 */
export const storageAreas = ['public', 'private', 'backups'] as const;
export type StorageArea = (typeof storageAreas)[number];

export type StoredFile = {
  /** The bytes, read as they are sent: destroy it when the answer is abandoned. */
  body: Readable;
  size: number;
  contentType: string;
  /** A quoted entity tag, as in the ETag header. */
  etag: string;
};

/** What `get` answers: the file, `not-modified` when its tag equals `ifNoneMatch`, or null when absent. */
export type GetResult = StoredFile | { notModified: true; etag: string } | null;

/** One interface for the local disk and S3-compatible storage. Keys are checked by the caller (./index.ts). */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  put(area: StorageArea, key: string, data: Buffer, contentType: string): Promise<void>;
  /** Writes a stream of unknown length (a database dump); nothing is stored under `key` if it fails. */
  putStream(area: StorageArea, key: string, body: Readable, contentType: string): Promise<void>;
  get(area: StorageArea, key: string, ifNoneMatch?: string): Promise<GetResult>;
  remove(area: StorageArea, key: string): Promise<void>;
  /** Removes every file whose key starts with `folder/`. */
  removeFolder(area: StorageArea, folder: string): Promise<void>;
  /** The keys under `folder/` (every key of the area without one), sorted. */
  list(area: StorageArea, folder?: string): Promise<string[]>;
}
