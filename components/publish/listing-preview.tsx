'use client';
import { useTranslations } from 'next-intl';
import type { ListingKind, parcelSizes } from '@/lib/domain';
import type { Locale } from '@/lib/i18n/locales';
import { formatDay, formatNumber, formatPrice } from '@/lib/intl-format';
import { dayStart, type ListingFormValues, type PackageFormValues, type TravelFormValues } from '@/lib/schemas/publish';
import { PhotoList, type Photo } from './listing-photos';

// The listing as it will show, before the member publishes it (or goes back to the form).

export function Preview({
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
