import { packageImageFolder } from '@/lib/server/listings/listings';
import { putFile } from '@/lib/server/storage';
import { imageWidths, variantKey } from '@/lib/server/storage/keys';
import type { packageImages } from '../schema';
import { photoRenderer } from './images';
import { ITEMS } from './items';
import type { PackageRow, Row, Seeding } from './rows';

// Photos for 60 % of the demo's packages (one to three), drawn by ./images.ts and saved as uploads.

export type PackagePhotos = {
  rows: Row<typeof packageImages>[];
  /** The files being written (the rows can go to the database meanwhile). */
  saved: Promise<unknown>;
};

export function photographPackages({ rng }: Seeding, packageRows: PackageRow[]): PackagePhotos {
  const render = photoRenderer();
  const imageRows: Row<typeof packageImages>[] = [];
  const imageJobs: Promise<void>[] = [];
  for (const pkg of packageRows) {
    if (!rng.chance(0.6)) continue;
    const label = ITEMS.find((item) => item.name === pkg.name)?.label ?? 'Colis';
    const count = rng.weightedInt({ 1: 45, 2: 35, 3: 20 });
    for (let position = 0; position < count; position++) {
      const key = `${packageImageFolder(pkg.id)}/${position}.webp`;
      imageRows.push({
        packageId: pkg.id,
        position,
        key,
        width: 800,
        height: 600,
        createdAt: pkg.createdAt,
      });
      // Every width under its own key, as an upload has them (pages may point at a width in the bucket).
      imageJobs.push(
        render(label, position).then((buffer) =>
          Promise.all(imageWidths.map((width) => putFile(variantKey(key, width), buffer))).then(() => {}),
        ),
      );
    }
  }
  return { rows: imageRows, saved: Promise.all(imageJobs) };
}
