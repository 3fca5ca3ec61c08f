import 'server-only';
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { asc, eq, sql } from 'drizzle-orm';
import { imageLimits } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { getDb } from './db/client';
import { packageImages } from './db/schema';
import { saveUpload } from './storage';
import { assertOwner, invalidateListing } from './listings';

// Listing photos: the type is read from the content (never the name or the declared type), the
// image is re-encoded (which drops its metadata, GPS included) in three widths.

export const imageWidths = [1200, 600, 240] as const;
const acceptedFormats = new Set<string>(imageLimits.formats);

/** The stored key of a width: `…/3-ab12.webp` is 1200 px, `…/3-ab12-600.webp` 600 px. */
export function variantKey(key: string, width: number): string {
  return width === imageWidths[0] ? key : key.replace(/\.webp$/, `-${width}.webp`);
}

export async function addPackageImages(packageId: string, userId: string, files: File[]) {
  if (!files.length) throw new AppError('NO_FILE');
  await assertOwner('package', packageId, userId);
  const db = await getDb();

  // Check everything before writing anything.
  const decoded: { data: Buffer; width: number; height: number }[] = [];
  for (const file of files) {
    if (file.size > imageLimits.maxBytes) throw new AppError('IMAGE_TOO_BIG');
    const data = Buffer.from(await file.arrayBuffer());
    let meta: Metadata;
    try {
      meta = await sharp(data).metadata();
    } catch {
      throw new AppError('UNSUPPORTED_FORMAT');
    }
    if (!meta.format || !acceptedFormats.has(meta.format) || !meta.width || !meta.height)
      throw new AppError('UNSUPPORTED_FORMAT');
    decoded.push({ data, width: meta.width, height: meta.height });
  }
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(packageImages)
    .where(eq(packageImages.packageId, packageId));
  if (count + decoded.length > imageLimits.perListing) throw new AppError('TOO_MANY_IMAGES');

  const rows = [];
  for (const [i, image] of decoded.entries()) {
    const position = count + i;
    const key = `packages/${packageId}/${position}-${randomBytes(4).toString('hex')}.webp`;
    let size = { width: image.width, height: image.height };
    for (const width of imageWidths) {
      const { data, info } = await sharp(image.data)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer({ resolveWithObject: true });
      await saveUpload(variantKey(key, width), data);
      if (width === imageWidths[0]) size = { width: info.width, height: info.height };
    }
    rows.push({ packageId, position, key, ...size });
  }
  await db.insert(packageImages).values(rows);
  invalidateListing('package', packageId);
  return db
    .select({
      key: packageImages.key,
      width: packageImages.width,
      height: packageImages.height,
      position: packageImages.position,
    })
    .from(packageImages)
    .where(eq(packageImages.packageId, packageId))
    .orderBy(asc(packageImages.position));
}
