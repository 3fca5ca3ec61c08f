import 'server-only';
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { imageLimits } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { getDb } from '@/lib/server/db/client';
import { packageImages, packages } from '@/lib/server/db/schema';
import { hit } from '@/lib/server/limits';
import { putFile, removeFile } from '@/lib/server/storage';
import { imageWidths, inspectImages, variantKey, webpWidths } from '@/lib/server/storage/images';
import { assertOwner, invalidateListing, packageImageFolder } from './listings';

// A package's photos, re-encoded in three widths (lib/server/storage/images.ts checks each first).

/**
 * Adds photos to a package, all or none: every file is checked first; then, with the package's row
 * locked (concurrent uploads to one package wait for each other, so the count holds), the files are
 * written and their rows inserted; if anything fails, the files written are removed.
 */
/**
 * Before an upload's body is read (route()'s `beforeBody`): the package is the member's, has room,
 * and the upload limit allows one more. Answers how many photos it may still take.
 */
export async function preparePackageImages(packageId: string, userId: string): Promise<{ maxFiles: number }> {
  await assertOwner('package', packageId, userId);
  const db = await getDb();
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(packageImages)
    .where(eq(packageImages.packageId, packageId));
  if (count >= imageLimits.perListing) throw new AppError('TOO_MANY_IMAGES');
  await hit('imageUploadsPerUser', userId);
  return { maxFiles: imageLimits.perListing - count };
}

/** POST /packages/{id}/images, once preparePackageImages passed. */
export async function addPackageImages(packageId: string, userId: string, files: File[]) {
  if (!files.length) throw new AppError('NO_FILE');
  if (files.length > imageLimits.perListing) throw new AppError('TOO_MANY_IMAGES');
  await assertOwner('package', packageId, userId);
  const decoded = await inspectImages(files);

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
        for (const { width, data, info } of await webpWidths(image.data, imageWidths, 75)) {
          written.push(variantKey(key, width));
          await putFile(variantKey(key, width), data);
          if (width === imageWidths[0]) size = info;
        }
        rows.push({ packageId, position, key, ...size });
      }
      await tx.insert(packageImages).values(rows);
    });
  } catch (error) {
    await Promise.all(written.map((key) => removeFile(key)));
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
