import 'server-only';
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { asc, eq, sql } from 'drizzle-orm';
import { imageLimits } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { getDb } from '@/lib/server/db/client';
import { packageImages, packages } from '@/lib/server/db/schema';
import { hit } from '@/lib/server/limits';
import { removeUpload, saveUpload } from '@/lib/server/storage';
import { assertOwner, invalidateListing, packageImageFolder } from '@/lib/server/listings/listings';

// Listing photos: the type is read from the content (never the name or the declared type), the
// image is re-encoded (which drops its metadata, GPS included) in three widths.

export const imageWidths = [1200, 600, 240] as const;
const acceptedFormats = new Set<string>(imageLimits.formats);

/** The stored key of a width: `…/3-ab12.webp` is 1200 px, `…/3-ab12-600.webp` 600 px. */
export function variantKey(key: string, width: number): string {
  return width === imageWidths[0] ? key : key.replace(/\.webp$/, `-${width}.webp`);
}

/** Decoding a larger picture costs more memory than a 5 MB file should: 40 megapixels at most. */
export const maxImagePixels = 40_000_000;

/** Reads an uploaded file's type and size from its content; refuses what is not an accepted photo. */
export async function inspectImage(file: File): Promise<{ data: Buffer; width: number; height: number }> {
  if (file.size > imageLimits.maxBytes) throw new AppError('IMAGE_TOO_BIG');
  const data = Buffer.from(await file.arrayBuffer());
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata(); // the header only: nothing is decoded
  } catch {
    throw new AppError('UNSUPPORTED_FORMAT');
  }
  if (!meta.format || !acceptedFormats.has(meta.format) || !meta.width || !meta.height)
    throw new AppError('UNSUPPORTED_FORMAT');
  if (meta.width * meta.height > maxImagePixels) throw new AppError('IMAGE_TOO_MANY_PIXELS');
  return { data, width: meta.width, height: meta.height };
}

/**
 * Adds photos to a package, all or none: every file is checked first; then, with the package's row
 * locked (concurrent uploads to one package wait for each other, so the count holds), the files are
 * written and their rows inserted; if anything fails, the files written are removed.
 */
export async function addPackageImages(packageId: string, userId: string, files: File[]) {
  if (!files.length) throw new AppError('NO_FILE');
  if (files.length > imageLimits.perListing) throw new AppError('TOO_MANY_IMAGES');
  await assertOwner('package', packageId, userId);
  await hit('imageUploadsPerUser', userId);
  const decoded: Awaited<ReturnType<typeof inspectImage>>[] = [];
  for (const file of files) decoded.push(await inspectImage(file));

  const db = await getDb();
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${packages} where ${packages.id} = ${packageId} for update`);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(packageImages)
        .where(eq(packageImages.packageId, packageId));
      if (count + decoded.length > imageLimits.perListing) throw new AppError('TOO_MANY_IMAGES');
      const rows = [];
      for (const [i, image] of decoded.entries()) {
        const position = count + i;
        const key = `${packageImageFolder(packageId)}/${position}-${randomBytes(4).toString('hex')}.webp`;
        let size = { width: image.width, height: image.height };
        for (const width of imageWidths) {
          const { data, info } = await sharp(image.data, { limitInputPixels: maxImagePixels })
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: 75 })
            .toBuffer({ resolveWithObject: true });
          written.push(variantKey(key, width));
          await saveUpload(variantKey(key, width), data);
          if (width === imageWidths[0]) size = { width: info.width, height: info.height };
        }
        rows.push({ packageId, position, key, ...size });
      }
      await tx.insert(packageImages).values(rows);
    });
  } catch (error) {
    await Promise.all(written.map((key) => removeUpload(key)));
    throw error;
  }
  await invalidateListing('package', packageId);
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
