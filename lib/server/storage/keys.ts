// Stored files are named by keys such as `packages/<id>/3-ab12.webp`: segments of letters, digits,
// `-`, `_` and `.`, none starting with a dot, so a key never leaves its area on disk or in a bucket.
// No server-only import: pages build their image URLs with it.

const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && keyPattern.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A public file's path on this site (app/uploads), for the browser's own code. */
export const uploadsPath = (key: string) => `/uploads/${key}`;

/** Public files are never rewritten under the same key: whoever serves them may keep them a year. */
export const publicCacheControl = 'public, max-age=31536000, immutable';

/** The widths of a listing photo, largest first; each is stored (lib/server/listings/images.ts). */
export const imageWidths = [1200, 600, 240] as const;

/** The stored key of a width: `…/3-ab12.webp` is 1200 px, `…/3-ab12-600.webp` 600 px. */
export function variantKey(key: string, width: number): string {
  return width === imageWidths[0] ? key : key.replace(/\.webp$/, `-${width}.webp`);
}

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** The content type of a key, from its extension (the local disk keeps no other record of it). */
export function contentTypeOf(key: string): string {
  return contentTypes[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
