'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert, SubmitButton } from '@/components/forms/form-parts';
import { ApiError } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { toast } from '@/lib/client/toast';
import { imageLimits, parcelSizeDimensionsCm, parcelSizes, simulatorCurrencies, type ListingKind } from '@/lib/domain';
import type { Locale } from '@/lib/i18n/locales';
import {
  formFieldOf,
  packageFormSchema,
  toPackageInput,
  toTravelInput,
  travelFormSchema,
  type ListingFormValues,
  type PackageFormValues,
  type PickedPlace,
  type TravelFormValues,
} from '@/lib/schemas/publish';
import { DetailsSection } from './listing-form-details';
import { AboutSection, DatesSection, PriceSection, RouteSection } from './listing-form-sections';
import { PhotosSection, type Photo } from './listing-photos';
import { Preview } from './listing-preview';
import { resizePhoto, uploadPhoto } from './photos';

/** What the form holds while the member types (the schema turns it into ListingFormValues). */
export type ListingFormFields = {
  from: PickedPlace | null;
  to: PickedPlace | null;
  startDay: string;
  endDay: string;
  pricePerKg: string;
  currency: string;
  description: string;
  name: string;
  weightKg: string;
  size: string;
  contents: string;
  noProhibitedItems: boolean;
  travelType: string;
  availableKg: string;
};

export const emptyListingFields: ListingFormFields = {
  from: null,
  to: null,
  startDay: '',
  endDay: '',
  pricePerKg: '',
  currency: '',
  description: '',
  name: '',
  weightKg: '',
  size: '',
  contents: '',
  noProhibitedItems: false,
  travelType: '',
  availableKg: '',
};

const collections = { package: 'packages', travel: 'travels' } as const;

/**
 * publier-colis, publier-trajet and modifier-*: every field of the listing (specification, sections
 * 3 and 5), checked in the browser with the API's own rules, then a preview, then the API's write
 * and the photos one by one. Whatever field error the API answers goes beside its field.
 */
export function ListingForm({
  kind,
  mode,
  listingId,
  initial,
  photosOnline,
  today,
  detailPath,
  prohibitedHref,
}: {
  kind: ListingKind;
  mode: 'create' | 'edit' | 'duplicate';
  listingId?: string;
  initial: ListingFormFields;
  photosOnline: number;
  today: string;
  /** The page of a listing of this kind, without its id: `/fr/colis/`. */
  detailPath: string;
  prohibitedHref: string;
}) {
  const t = useTranslations('Publish');
  const sizes = useTranslations('ParcelSizes');
  const e = useTranslations('Errors');
  const locale = useLocale() as Locale;
  const api = useApi();
  const router = useRouter();
  const isPackage = kind === 'package';

  const schema = useMemo(() => {
    const kept = mode === 'edit' ? { startDay: initial.startDay, endDay: initial.endDay } : {};
    return isPackage ? packageFormSchema(today, kept) : travelFormSchema(today, kept);
  }, [isPackage, mode, today, initial.startDay, initial.endDay]);
  const form = useForm<ListingFormFields, unknown, ListingFormValues>({
    // eslint-disable-next-line no-restricted-syntax -- the schemas' input (a chosen place, enums, one kind's fields) is not the form's fields, and Resolver is invariant in them.
    resolver: zodResolver(schema) as unknown as Resolver<ListingFormFields, unknown, ListingFormValues>,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isSubmitted } = form.formState;

  const [step, setStep] = useState<'form' | 'preview'>('form');
  const [values, setValues] = useState<ListingFormValues | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const nextPhotoId = useRef(1);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const formTop = useRef<HTMLDivElement>(null);

  useEffect(() => () => photos.forEach((p) => URL.revokeObjectURL(p.url)), []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (step === 'preview') previewHeading.current?.focus();
  }, [step]);

  const countryName = (code: string) => {
    try {
      return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };

  const room = imageLimits.perListing - photosOnline - photos.length;
  const addPhotos = async (files: FileList | null) => {
    setPhotoError(null);
    if (!files) return;
    const chosen = [...files].slice(0, Math.max(0, room));
    if (files.length > chosen.length) setPhotoError(t('photosFull', { max: imageLimits.perListing }));
    for (const file of chosen) {
      try {
        const blob = await resizePhoto(file);
        const photo = { id: nextPhotoId.current++, blob, url: URL.createObjectURL(blob), progress: null };
        setPhotos((list) => [...list, photo]);
      } catch {
        setPhotoError(t('photoUnreadable'));
      }
    }
  };
  const removePhoto = (id: number) =>
    setPhotos((list) => {
      const gone = list.find((p) => p.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((p) => p.id !== id);
    });

  const showPreview = form.handleSubmit(
    (parsed) => {
      setAlert(null);
      setValues(parsed);
      setStep('preview');
    },
    () => setAlert(t('fixErrors')),
  );

  const texts = {
    create: { done: t('created'), failed: t('createFailed') },
    duplicate: { done: t('duplicated'), failed: t('duplicateFailed') },
    edit: { done: t('updated'), failed: t('updateFailed') },
  }[mode];

  const publish = async () => {
    if (!values) return;
    setPending(true);
    const body = isPackage ? toPackageInput(values as PackageFormValues) : toTravelInput(values as TravelFormValues);
    let id: string;
    try {
      const saved =
        mode === 'edit' && listingId
          ? await api<{ id: string }>(`${collections[kind]}/${encodeURIComponent(listingId)}`, body, 'PUT')
          : await api<{ id: string }>(collections[kind], body);
      id = saved.id;
    } catch (error) {
      setPending(false);
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      const placed = fields.filter(([field]) => formFieldOf(kind, field));
      for (const [field, text] of placed)
        form.setError(formFieldOf(kind, field) as keyof ListingFormFields, { message: text });
      if (placed.length) {
        setStep('form');
        setAlert(t('fixErrors'));
        formTop.current?.scrollIntoView();
      } else {
        const known = error instanceof ApiError && error.code !== 'INTERNAL_ERROR';
        toast(known ? (error as ApiError).message : texts.failed, 'error');
      }
      return;
    }
    let photosSent = true;
    for (const photo of photos) {
      try {
        await uploadPhoto(id, photo.blob, {
          locale,
          networkMessage: e('NETWORK'),
          onProgress: (percent) =>
            setPhotos((list) => list.map((p) => (p.id === photo.id ? { ...p, progress: percent } : p))),
        });
      } catch {
        photosSent = false;
        break;
      }
    }
    toast(texts.done, 'success');
    if (!photosSent) toast(t('photosFailed'), 'error');
    router.push(`${detailPath}${encodeURIComponent(id)}`);
    router.refresh();
  };

  const sizeText = (size: (typeof parcelSizes)[number]) => {
    const [length, width, height] = parcelSizeDimensionsCm[size];
    return sizes('dimensions', { length, width, height });
  };
  const currencies: string[] = [...simulatorCurrencies];
  if (initial.currency && !currencies.includes(initial.currency)) currencies.push(initial.currency);

  if (step === 'preview' && values)
    return (
      <Preview
        kind={kind}
        values={values}
        photos={photos}
        photosOnline={photosOnline}
        locale={locale}
        headingRef={previewHeading}
        pending={pending}
        publishLabel={mode === 'edit' ? t('save') : t('publish')}
        onBack={() => setStep('form')}
        onPublish={publish}
        sizeText={sizeText}
        countryName={countryName}
      />
    );

  return (
    <div ref={formTop}>
      <form onSubmit={showPreview} noValidate className="flex flex-col gap-8">
        <FormAlert message={isSubmitted && Object.keys(errors).length ? alert : null} />
        <RouteSection form={form} errors={errors} locale={locale} countryName={countryName} />
        <DatesSection form={form} errors={errors} kind={kind} today={today} />
        <DetailsSection
          form={form}
          errors={errors}
          isPackage={isPackage}
          prohibitedHref={prohibitedHref}
          sizeText={sizeText}
        />
        <PriceSection form={form} errors={errors} currencies={currencies} />
        <AboutSection form={form} errors={errors} isPackage={isPackage} />
        {isPackage ? (
          <PhotosSection
            photos={photos}
            photosOnline={photosOnline}
            showOnline={mode === 'edit'}
            room={room}
            photoError={photoError}
            onAdd={addPhotos}
            onRemove={removePhoto}
          />
        ) : null}

        <div>
          <SubmitButton pending={false}>{t('preview')}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
