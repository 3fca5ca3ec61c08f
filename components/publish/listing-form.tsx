'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldError, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useMessages, useTranslations } from 'next-intl';
import { DateInput } from '@/components/forms/date-input';
import { FormAlert, SubmitButton } from '@/components/forms/form-parts';
import { CloseIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { toast } from '@/lib/client/toast';
import {
  imageLimits,
  parcelSizeDimensionsCm,
  parcelSizes,
  simulatorCurrencies,
  travelTypes,
  type ListingKind,
} from '@/lib/domain';
import { isKeyOf } from '@/lib/i18n/keys';
import { formatDay, formatNumber, formatPrice } from '@/lib/intl-format';
import type { Locale } from '@/lib/i18n/locales';
import {
  dayStart,
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
import { PlaceCombobox } from './place-combobox';
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

type Photo = { id: number; blob: Blob; url: string; progress: number | null };

const collections = { package: 'packages', travel: 'travels' } as const;
const input =
  'focus:border-secondary min-h-12 w-full rounded-lg border border-neutral-300 bg-white px-3 text-base aria-[invalid]:border-red-700';

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
  const l = useTranslations('Listings');
  const sizes = useTranslations('ParcelSizes');
  const v = useTranslations('Validation');
  const e = useTranslations('Errors');
  const c = useTranslations('Currencies');
  const { Validation: validation, Currencies: currencyMessages } = useMessages();
  const locale = useLocale() as Locale;
  const api = useApi();
  const router = useRouter();
  const isPackage = kind === 'package';

  const schema = useMemo(() => {
    const kept = mode === 'edit' ? { startDay: initial.startDay, endDay: initial.endDay } : {};
    return isPackage ? packageFormSchema(today, kept) : travelFormSchema(today, kept);
  }, [isPackage, mode, today, initial.startDay, initial.endDay]);
  const form = useForm<ListingFormFields, unknown, ListingFormValues>({
    // The schema's input is the parsed shape (a chosen place, numbers); the form holds text until then.
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

  const message = (error?: FieldError | { message?: string }) => {
    const text = error?.message;
    if (!text) return undefined;
    return isKeyOf(validation, text) ? v(text) : text;
  };
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
  const currencyName = (code: string) => (isKeyOf(currencyMessages, code) ? c(code) : code);

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
        <Section title={t('route')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {(['from', 'to'] as const).map((side) => (
              <Controller
                key={side}
                control={form.control}
                name={side}
                render={({ field }) => (
                  <PlaceCombobox
                    name={side}
                    label={t(side)}
                    placeholder={t('cityPlaceholder')}
                    hint={t('cityHint')}
                    noneText={t('noPlace')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={message(errors[side])}
                    locale={locale}
                    networkMessage={e('NETWORK')}
                    countryName={countryName}
                  />
                )}
              />
            ))}
          </div>
        </Section>

        <Section title={t('dates')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label={t(`${kind}.startDay`)}
              type="date"
              min={today}
              max="2099-12-31"
              error={message(errors.startDay)}
              {...form.register('startDay', { deps: 'endDay' })}
            />
            <TextInput
              label={t(`${kind}.endDay`)}
              type="date"
              min={today}
              max="2099-12-31"
              error={message(errors.endDay)}
              {...form.register('endDay')}
            />
          </div>
        </Section>

        <Section title={isPackage ? t('parcel') : t('trip')}>
          {isPackage ? (
            <div className="flex flex-col gap-5">
              <TextInput
                label={t('weightKg')}
                type="number"
                inputMode="decimal"
                step="any"
                min="0"
                dir="ltr"
                className="sm:max-w-48"
                error={message(errors.weightKg)}
                {...form.register('weightKg')}
              />
              <fieldset aria-describedby={errors.size ? 'size-error' : undefined} className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-semibold">{t('size')}</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {parcelSizes.map((size) => (
                    <label
                      key={size}
                      className="has-checked:border-secondary has-checked:bg-secondary-light flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-300 bg-white p-3"
                    >
                      <input
                        type="radio"
                        value={size}
                        className="accent-secondary mt-1 size-4"
                        {...form.register('size')}
                      />
                      <span>
                        <span className="block font-semibold">{sizes(size)}</span>
                        <span className="text-muted block text-sm">
                          {l(`parcelSizeHints.${size}`)} · {sizeText(size)}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
                <ErrorText id="size-error" text={message(errors.size)} />
              </fieldset>
              <TextInput
                label={t('contents')}
                hint={t('contentsHint')}
                maxLength={300}
                error={message(errors.contents)}
                {...form.register('contents')}
              />
              <div className="flex flex-col gap-1.5">
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="accent-secondary mt-0.5 size-5 shrink-0"
                    aria-invalid={errors.noProhibitedItems ? true : undefined}
                    aria-describedby={errors.noProhibitedItems ? 'noProhibitedItems-error' : undefined}
                    {...form.register('noProhibitedItems')}
                  />
                  <span>{t('declaration')}</span>
                </label>
                <Link
                  href={prohibitedHref}
                  target="_blank"
                  className="text-secondary ms-8 text-sm font-semibold underline"
                >
                  {t('prohibitedLink')}
                </Link>
                <ErrorText id="noProhibitedItems-error" text={message(errors.noProhibitedItems)} />
              </div>
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectInput label={t('travelType')} error={message(errors.travelType)} {...form.register('travelType')}>
                <option value="">{t('choose')}</option>
                {travelTypes.map((type) => (
                  <option key={type} value={type}>
                    {l(`travelTypes.${type}`)}
                  </option>
                ))}
              </SelectInput>
              <TextInput
                label={t('availableKg')}
                type="number"
                inputMode="decimal"
                step="any"
                min="0"
                dir="ltr"
                error={message(errors.availableKg)}
                {...form.register('availableKg')}
              />
            </div>
          )}
        </Section>

        <Section title={t('price')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label={t('pricePerKg')}
              type="number"
              inputMode="decimal"
              step="any"
              min="0"
              dir="ltr"
              error={message(errors.pricePerKg)}
              {...form.register('pricePerKg')}
            />
            <SelectInput label={t('currency')} error={message(errors.currency)} {...form.register('currency')}>
              <option value="">{t('choose')}</option>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {currencyName(code)}
                </option>
              ))}
            </SelectInput>
          </div>
        </Section>

        <Section title={t('about')}>
          <div className="flex flex-col gap-4">
            {isPackage ? (
              <TextInput
                label={t('name')}
                placeholder={t('namePlaceholder')}
                maxLength={120}
                error={message(errors.name)}
                {...form.register('name')}
              />
            ) : null}
            <div className="flex flex-col gap-1.5">
              <label htmlFor="description" className="text-sm font-semibold">
                {t('description')}
              </label>
              <textarea
                id="description"
                rows={4}
                maxLength={2000}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={errors.description ? 'description-error' : undefined}
                className={`${input} py-2`}
                {...form.register('description')}
              />
              <ErrorText id="description-error" text={message(errors.description)} />
            </div>
          </div>
        </Section>

        {isPackage ? (
          <Section title={t('photos')}>
            <p className="text-muted text-sm">{t('photosHint', { max: imageLimits.perListing })}</p>
            {mode === 'edit' ? <p className="mt-1 text-sm">{t('photosOnline', { count: photosOnline })}</p> : null}
            <PhotoList photos={photos} firstIsCover={photosOnline === 0} onRemove={removePhoto} />
            {room > 0 ? (
              <label className="border-secondary text-secondary hover:bg-secondary-light mt-3 inline-flex min-h-11 cursor-pointer items-center rounded-full border px-5 font-semibold has-focus-visible:outline-2">
                {t('addPhotos')}
                <input
                  type="file"
                  accept="image/*"
                  multiple
                  className="sr-only"
                  onChange={(event) => {
                    void addPhotos(event.target.files);
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
        ) : null}

        <div>
          <SubmitButton pending={false}>{t('preview')}</SubmitButton>
        </div>
      </form>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-neutral-200 bg-white p-5">
      <h2 className="text-secondary mb-4 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  ref?: React.Ref<HTMLInputElement>;
};

function TextInput({ label, error, hint, name, type, className = '', ...rest }: InputProps) {
  const datePlaceholder = useTranslations('DateField')('choose');
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={name} className="text-sm font-semibold">
        {label}
      </label>
      {type === 'date' ? (
        <DateInput
          id={name}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={input}
          placeholder={datePlaceholder}
          {...rest}
        />
      ) : (
        <input
          id={name}
          name={name}
          type={type}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={input}
          {...rest}
        />
      )}
      {hint ? (
        <p id={`${name}-hint`} className="text-muted text-sm">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${name}-error`} text={error} />
    </div>
  );
}

type SelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
  name: string;
  label: string;
  error?: string;
  ref?: React.Ref<HTMLSelectElement>;
};

function SelectInput({ label, error, name, children, ...rest }: SelectProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={input}
        {...rest}
      >
        {children}
      </select>
      <ErrorText id={`${name}-error`} text={error} />
    </div>
  );
}

function PhotoList({
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

function Preview({
  kind,
  values,
  photos,
  photosOnline,
  locale,
  headingRef,
  pending,
  publishLabel,
  onBack,
  onPublish,
  sizeText,
  countryName,
}: {
  kind: ListingKind;
  values: ListingFormValues;
  photos: Photo[];
  photosOnline: number;
  locale: Locale;
  headingRef: React.Ref<HTMLHeadingElement>;
  pending: boolean;
  publishLabel: string;
  onBack: () => void;
  onPublish: () => void;
  sizeText: (size: (typeof parcelSizes)[number]) => string;
  countryName: (code: string) => string;
}) {
  const t = useTranslations('Publish');
  const l = useTranslations('Listings');
  const sizes = useTranslations('ParcelSizes');
  const parcel = kind === 'package' ? (values as PackageFormValues) : null;
  const trip = kind === 'travel' ? (values as TravelFormValues) : null;
  const day = (d: string) => formatDay(dayStart(d), locale, 'Africa/Tunis');
  const comma = locale.startsWith('ar') ? '، ' : ', ';
  const rows: [string, string][] = [
    [t(`${kind}.startDay`), day(values.startDay)],
    [t(`${kind}.endDay`), day(values.endDay)],
    [t('pricePerKg'), l('perKg', { price: formatPrice(values.pricePerKg, values.currency, locale) })],
    ...(parcel
      ? ([
          [l('weightLabel'), l('weight', { weight: formatNumber(parcel.weightKg, locale, 2) })],
          [l('size'), `${sizes(parcel.size)} (${sizeText(parcel.size)})`],
          [l('contents'), parcel.contents],
        ] as [string, string][])
      : ([
          [t('travelType'), l(`travelTypes.${trip!.travelType}`)],
          ...(trip!.availableKg !== undefined
            ? ([[t('availableTerm'), l('available', { weight: formatNumber(trip!.availableKg, locale, 2) })]] as [
                string,
                string,
              ][])
            : []),
        ] as [string, string][])),
  ];
  return (
    <section aria-labelledby="preview-title" className="flex flex-col gap-5">
      <div>
        <h2 id="preview-title" ref={headingRef} tabIndex={-1} className="text-secondary text-2xl font-extrabold">
          {t('previewTitle')}
        </h2>
        <p className="text-muted mt-1">{t('previewIntro')}</p>
      </div>
      <article className="overflow-hidden rounded-2xl border border-neutral-200 bg-white">
        {photos[0] && photosOnline === 0 ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local blob, not a served image
          <img src={photos[0].url} alt="" className="aspect-[16/9] w-full object-cover" />
        ) : null}
        <div className="p-5">
          <p className="text-xl font-bold">
            {l('route', {
              from: `${values.from.name}${comma}${countryName(values.from.country)}`,
              to: `${values.to.name}${comma}${countryName(values.to.country)}`,
            })}
          </p>
          {parcel ? <p className="mt-1 text-lg">{parcel.name}</p> : null}
          <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {rows.map(([term, detail]) => (
              <div key={term}>
                <dt className="text-muted text-sm">{term}</dt>
                <dd className="font-semibold">{detail}</dd>
              </div>
            ))}
          </dl>
          {values.description ? <p className="mt-4 whitespace-pre-line">{values.description}</p> : null}
          {parcel ? <p className="text-muted mt-4 text-sm">{l('noProhibitedItems')}</p> : null}
        </div>
      </article>
      {photos.length ? <PhotoList photos={photos} firstIsCover={photosOnline === 0} /> : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={onBack}
          disabled={pending}
          className="border-secondary text-secondary inline-flex min-h-12 items-center rounded-full border px-6 font-semibold disabled:opacity-60"
        >
          {t('backToForm')}
        </button>
        <PublishButton pending={pending} onClick={onPublish} label={publishLabel} pendingLabel={t('publishing')} />
      </div>
    </section>
  );
}

function PublishButton({
  pending,
  onClick,
  label,
  pendingLabel,
}: {
  pending: boolean;
  onClick: () => void;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      aria-busy={pending || undefined}
      className="bg-secondary hover:bg-secondary-dark inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 font-semibold text-white disabled:opacity-70"
    >
      {pending ? (
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      ) : null}
      {pending ? pendingLabel : label}
    </button>
  );
}
