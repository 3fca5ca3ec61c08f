'use client';
import { useTranslations } from 'next-intl';
import { CloseIcon } from '@/components/ui/icons';
import { imageLimits } from '@/lib/domain';
import { Section } from './listing-form-parts';

// A parcel's photos in the listing form: those chosen in this visit (a local blob each, with its
// upload's progress once sent), and the section where they are added and removed.

export type Photo = { id: number; blob: Blob; url: string; progress: number | null };

/** The photos section of a parcel; the form keeps the photos and adds the files chosen here. */
export function PhotosSection({
  photos,
  photosOnline,
  showOnline,
  room,
  photoError,
  onAdd,
  onRemove,
}: {
  photos: Photo[];
  photosOnline: number;
  /** On an edit: how many photos the listing has online already. */
  showOnline: boolean;
  /** How many more photos the listing can take. */
  room: number;
  photoError: string | null;
  onAdd: (files: FileList | null) => Promise<void>;
  onRemove: (id: number) => void;
}) {
  const t = useTranslations('Publish');
  return (
    <Section title={t('photos')}>
      <p className="text-muted text-sm">{t('photosHint', { max: imageLimits.perListing })}</p>
      {showOnline ? <p className="mt-1 text-sm">{t('photosOnline', { count: photosOnline })}</p> : null}
      <PhotoList photos={photos} firstIsCover={photosOnline === 0} onRemove={onRemove} />
      {room > 0 ? (
        <label className="border-secondary text-secondary hover:bg-secondary-light mt-3 inline-flex min-h-11 cursor-pointer items-center rounded-full border px-5 font-semibold has-focus-visible:outline-2">
          {t('addPhotos')}
          <input
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            onChange={(event) => {
              void onAdd(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
      ) : (
        <p className="mt-3 text-sm">{t('photosFull', { max: imageLimits.perListing })}</p>
      )}
      {photoError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {photoError}
        </p>
      ) : null}
    </Section>
  );
}

export function PhotoList({
  photos,
  firstIsCover,
  onRemove,
}: {
  photos: Photo[];
  firstIsCover: boolean;
  onRemove?: (id: number) => void;
}) {
  const t = useTranslations('Publish');
  if (!photos.length) return null;
  return (
    <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
      {photos.map((photo, i) => (
        <li key={photo.id} className="relative">
          {/* eslint-disable-next-line @next/next/no-img-element -- a local blob, not a served image */}
          <img src={photo.url} alt="" className="aspect-square w-full rounded-lg object-cover" />
          {i === 0 && firstIsCover ? (
            <span className="bg-secondary absolute start-1 top-1 rounded px-1.5 text-xs font-semibold text-white">
              {t('cover')}
            </span>
          ) : null}
          {onRemove && photo.progress === null ? (
            <button
              type="button"
              onClick={() => onRemove(photo.id)}
              aria-label={t('removePhoto', { number: i + 1 })}
              className="absolute end-1 top-1 inline-flex size-8 items-center justify-center rounded-full bg-white/90 shadow"
            >
              <CloseIcon className="size-4" />
            </button>
          ) : null}
          {photo.progress !== null ? (
            <progress
              max={100}
              value={photo.progress}
              aria-label={t('photoProgress', { number: i + 1, percent: photo.progress })}
              className="mt-1 h-2 w-full"
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
