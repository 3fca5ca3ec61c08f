import 'server-only';
import sharp, { type Metadata } from 'sharp';
import { imageLimits } from '@/lib/domain';
import { AppError } from '@/lib/errors';

// Uploaded photos (listings, messages, avatars): the type is read from the content (never the name or
// the declared type), and each is re-encoded by its user, which drops its metadata, GPS included.

export { imageWidths, variantKey } from './keys';
const acceptedFormats = new Set<string>(imageLimits.formats);

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
