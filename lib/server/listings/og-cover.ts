import 'server-only';
import sharp from 'sharp';
import { getFile } from '@/lib/server/storage';
import { maxImagePixels } from '@/lib/server/storage/images';

/**
 * A listing's cover photo (its 1200 px WebP) as a JPEG data URL cropped to the Open Graph card's
 * size: Satori draws JPEG and PNG, not WebP. Null when the file cannot be read.
 */
export async function ogCoverPhoto(key: string, size: { width: number; height: number }): Promise<string | null> {
  const file = await getFile(key);
  if (!file || 'notModified' in file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  try {
    const jpeg = await sharp(Buffer.concat(chunks), { limitInputPixels: maxImagePixels })
      .resize(size.width, size.height, { fit: 'cover' })
      .jpeg({ quality: 78 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}
