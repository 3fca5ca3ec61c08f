import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { BackLink } from '@/components/member/back-link';
import type { ListingKind } from '@/lib/domain';
import { cityName } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { listingSegments, myListingsPages } from '@/lib/routes';
import type { ListingDetail } from '@/lib/schemas/listings';
import { todayInTunis, tunisDay } from '@/lib/schemas/publish';
import { requirePageUser } from '@/lib/server/http/page-session';
import { getListing } from '@/lib/server/listings/listings';
import { emptyListingFields, ListingForm, type ListingFormFields } from './listing-form';

// The namespaces the form's client components read (never the whole catalogue).
const formNamespaces = [
  'Publish',
  'Listings',
  'ParcelSizes',
  'Validation',
  'Errors',
  'Currencies',
  'DateField',
  'RoutePrices',
] as const;

/** The form's values from a listing of the member's: all of it to edit; without dates to duplicate. */
function fieldsOf(listing: ListingDetail, locale: Locale, withDates: boolean): ListingFormFields {
  const place = (side: ListingDetail['from']) =>
    side.placeId === null ? null : { placeId: side.placeId, name: cityName(side, locale), country: side.country };
  return {
    ...emptyListingFields,
    from: place(listing.from),
    to: place(listing.to),
    startDay: withDates ? tunisDay(listing.startedAt) : '',
    endDay: withDates ? tunisDay(listing.endedAt) : '',
    pricePerKg: String(listing.pricePerKg),
    currency: listing.currency,
    description: listing.description,
    name: listing.name ?? '',
    weightKg: listing.weightKg === null ? '' : String(listing.weightKg),
    size: listing.size ?? '',
    contents: listing.contents ?? '',
    // A declaration is made again for each publication.
    noProhibitedItems: withDates && listing.noProhibitedItems,
    travelType: listing.travelType ?? '',
    availableKg: listing.availableKg === null ? '' : String(listing.availableKg),
  };
}

/**
 * publier-colis, publier-trajet (`?from={id}`: a copy of one of the member's listings, without its
 * dates) and modifier-colis/{id}, modifier-trajet/{id} (the owner's; anyone else gets the 404 page).
 * Members with a verified phone only: others go and verify it first.
 */
export async function PublishPage({
  kind,
  locale,
  editId,
  copyId,
}: {
  kind: ListingKind;
  locale: Locale;
  editId?: string;
  copyId?: string;
}) {
  const user = await requirePageUser(locale);
  if (!user.phoneVerified) redirect(localPath(locale, 'verification-telephone'));
  const t = await getTranslations('Publish');
  const mineTexts = await getTranslations('MyListings');
  const ownListing = async (id: string | undefined) => {
    const listing = id ? await getListing(kind, id) : null;
    return listing && listing.owner.id === user.id ? listing : null;
  };
  const editing = editId === undefined ? null : await ownListing(editId);
  if (editId !== undefined && !editing) notFound();
  const copied = editing ? null : await ownListing(copyId);
  const mode = editing ? 'edit' : copied ? 'duplicate' : 'create';
  const source = editing ?? copied;
  const initial = source ? fieldsOf(source, locale, mode === 'edit') : emptyListingFields;

  const all = await getMessages();
  const messages = Object.fromEntries(formNamespaces.map((ns) => [ns, all[ns]]));
  const detail = `${localPath(locale, listingSegments[kind].detail)}/`;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <BackLink
        href={localPath(locale, myListingsPages[kind])}
        label={mineTexts(`${kind}.title`)}
        navLabel={mineTexts('breadcrumb')}
      />
      <h1 className="text-secondary mt-3 text-3xl font-extrabold">
        {t(mode === 'edit' ? `${kind}.editTitle` : `${kind}.title`)}
      </h1>
      <p className="text-muted mt-2 mb-6">{t(mode === 'duplicate' ? `${kind}.duplicateIntro` : `${kind}.intro`)}</p>
      <NextIntlClientProvider messages={messages}>
        <ListingForm
          kind={kind}
          mode={mode}
          listingId={editing?.id}
          initial={initial}
          photosOnline={editing?.images.length ?? 0}
          today={todayInTunis()}
          detailPath={detail}
          prohibitedHref={`${localPath(locale, 'faq')}#objets-interdits`}
        />
      </NextIntlClientProvider>
    </section>
  );
}
