import { ApiError } from '@/lib/client/api';
import type { ApiResult } from '@/lib/errors';

// A parcel's photos in the browser: made smaller before they travel (a phone's 12 MP photo of 4 MB
// becomes about 300 kB), then sent one by one to POST /packages/{id}/images, with their progress.

/** The long side of a photo once resized: above the 1200 px the server keeps at most. */
export const photoLongSide = 1600;

/** A photo resized on a canvas to WebP (JPEG where the browser cannot write WebP). */
export async function resizePhoto(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, photoLongSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  const webp = await encode('image/webp');
  // Safari before 14 answers PNG for a type it cannot write.
  if (webp && webp.type === 'image/webp') return webp;
  const jpeg = await encode('image/jpeg');
  if (!jpeg) throw new Error('encode');
  return jpeg;
}

/** Sends one photo as the multipart part `images`; `onProgress` gets 0 to 100. Throws ApiError. */
export function uploadPhoto(
  packageId: string,
  photo: Blob,
  init: { locale: string; networkMessage: string; onProgress: (percent: number) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/user/v1/packages/${encodeURIComponent(packageId)}/images`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-locale', init.locale);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) init.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('NETWORK', init.networkMessage));
    xhr.onload = () => {
      let result: ApiResult<unknown> | null = null;
      try {
        result = JSON.parse(xhr.responseText) as ApiResult<unknown>;
      } catch {
        // not JSON: a proxy's page
      }
      if (result?.success) {
        init.onProgress(100);
        resolve();
      } else if (result) reject(new ApiError(result.error.code, result.error.message, result.error.fields));
      else reject(new ApiError('INTERNAL_ERROR', init.networkMessage));
    };
    const body = new FormData();
    body.append('images', photo, photo.type === 'image/webp' ? 'photo.webp' : 'photo.jpg');
    xhr.send(body);
  });
}
