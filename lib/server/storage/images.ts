import 'server-only';
import sharp, { type Metadata } from 'sharp';
import { imageLimits } from '@/lib/domain';
import { AppError } from '@/lib/errors';

// Uploaded photos (listings, messages, avatars): the type is read from the content (never the name or
// the declared type), and each is re-encoded by its user, which drops its metadata, GPS included.

export { imageWidths, variantKey } from './keys';
const acceptedFormats = new Set<string>(imageLimits.formats);

/** Decoding a larger picture costs more memory than a 5 MB file should: 40 megapixels at most, in all per request. */
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
 * The files of one request, each checked by inspectImage, and all of them together within
 * `maxImagePixels`: ten 40-megapixel pictures would cost ten times the memory one may.
 */
export async function inspectImages(files: File[]): Promise<Awaited<ReturnType<typeof inspectImage>>[]> {
  const images = [];
  let pixels = 0;
  for (const file of files) {
    const image = await inspectImage(file);
    pixels += image.width * image.height;
    if (pixels > maxImagePixels) throw new AppError('IMAGE_TOO_MANY_PIXELS');
    images.push(image);
  }
  return images;
}

/**
 * A picture re-encoded to WebP at several widths (largest first), its metadata dropped. The upload is
 * decoded once: the largest width is made from it, and the smaller ones from that.
 */
export async function webpWidths(
  data: Buffer,
  widths: readonly number[],
  quality: number,
): Promise<{ width: number; data: Buffer; info: { width: number; height: number } }[]> {
  const [largest = 0, ...smaller] = widths;
  const decoded = await sharp(data, { limitInputPixels: maxImagePixels })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  const encode = (width: number) =>
    sharp(decoded.data, { raw })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ width, data, info: { width: info.width, height: info.height } }));
  return [await encode(largest), ...(await Promise.all(smaller.map(encode)))];
}
