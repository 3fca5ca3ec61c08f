import { z } from '@/lib/zod';
import { defaultTimeZone, travelTypes, type ListingKind } from '@/lib/domain';
import { isRealDate } from './days';
import { listingFields } from './listing-fields';
import type { PackageInput, TravelInput } from './listings';

// The site's publishing form (publier-colis, publier-trajet, modifier-*): the API's field rules
// (./listing-fields.ts), on the values the form holds: a place chosen among the gazetteer's
// suggestions, calendar days of Africa/Tunis, and for parcels what the API leaves optional.

/** A place picked from /places suggestions (typing alone picks nothing: "select an address"). */
const pickedPlace = z.object(
  {
    placeId: z.number().int().positive(),
    name: z.string(),
    country: z.string(),
  },
  { error: 'addressRequired' },
);
export type PickedPlace = z.infer<typeof pickedPlace>;

/** Today in Tunis, as YYYY-MM-DD (the marketplace's days: specification, section 9). */
export function todayInTunis(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: defaultTimeZone }).format(now);
}

/** The Tunis day of a stored instant. */
export function tunisDay(instant: string | Date): string {
  return todayInTunis(new Date(instant));
}

/**
 * A departure day is stored at its midnight UTC (1 a.m. in Tunis, UTC+1 all year), an arrival day at
 * its last second in Tunis (11 p.m. UTC): both fall on the same calendar day in Tunis and in UTC,
 * whichever of the two a page writes them in.
 */
export function dayStart(day: string): string {
  return `${day}T00:00:00Z`;
}
export function dayEnd(day: string): string {
  return `${day}T23:59:59+01:00`;
}

const day = z.string().min(1, { error: 'dateRequired', abort: true }).refine(isRealDate, 'dateInvalid');
const blank = (v: unknown) => (v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v);

const common = {
  from: pickedPlace,
  to: pickedPlace,
  startDay: day,
  endDay: day,
  pricePerKg: z.preprocess(blank, listingFields.pricePerKg),
  currency: listingFields.currency,
  description: listingFields.description,
};

/**
 * Dates in order, and not in the past; on an edit, a day left as it was stays allowed (a listing
 * under way keeps its past departure).
 */
function checkDates(
  v: { startDay: string; endDay: string },
  ctx: z.RefinementCtx,
  today: string,
  kept: { startDay?: string; endDay?: string },
) {
  if (!isRealDate(v.startDay) || !isRealDate(v.endDay)) return;
  if (v.startDay < today && v.startDay !== kept.startDay)
    ctx.addIssue({ code: 'custom', path: ['startDay'], message: 'datePast' });
  if (v.endDay < today && v.endDay !== kept.endDay)
    ctx.addIssue({ code: 'custom', path: ['endDay'], message: 'datePast' });
  else if (v.endDay < v.startDay) ctx.addIssue({ code: 'custom', path: ['endDay'], message: 'departureBeforeArrival' });
}

/** The dates are checked even while other fields are wrong, so that every message shows at once. */
const datesWhenOthersFail = {
  when: (payload: { value: unknown }) => {
    const v = payload.value as { startDay?: unknown; endDay?: unknown } | null;
    return typeof v?.startDay === 'string' && typeof v.endDay === 'string';
  },
};

export function packageFormSchema(today: string, kept: { startDay?: string; endDay?: string } = {}) {
  return z
    .object({
      ...common,
      name: listingFields.name,
      weightKg: z.preprocess(blank, listingFields.weightKg),
      size: listingFields.size,
      contents: listingFields.contents.min(1, 'contentsRequired'),
      noProhibitedItems: listingFields.noProhibitedItems,
    })
    .superRefine((v, ctx) => checkDates(v, ctx, today, kept), datesWhenOthersFail);
}
export type PackageFormValues = z.infer<ReturnType<typeof packageFormSchema>>;

export function travelFormSchema(today: string, kept: { startDay?: string; endDay?: string } = {}) {
  return z
    .object({
      ...common,
      travelType: z.enum(travelTypes, { error: 'travelTypeRequired' }),
      availableKg: z.preprocess(blank, listingFields.availableKg),
    })
    .superRefine((v, ctx) => checkDates(v, ctx, today, kept), datesWhenOthersFail);
}
export type TravelFormValues = z.infer<ReturnType<typeof travelFormSchema>>;

export type ListingFormValues = PackageFormValues | TravelFormValues;

const apiPlace = (p: PickedPlace) => ({ city: p.name, country: p.country, placeId: p.placeId });

/** The API's body (POST or PUT /packages, /travels) from the form's values. */
export function toPackageInput(v: PackageFormValues): PackageBody {
  return {
    from: apiPlace(v.from),
    to: apiPlace(v.to),
    startedAt: dayStart(v.startDay),
    endedAt: dayEnd(v.endDay),
    pricePerKg: v.pricePerKg,
    currency: v.currency,
    name: v.name,
    description: v.description,
    weightKg: v.weightKg,
    size: v.size,
    contents: v.contents,
    noProhibitedItems: true,
  };
}

export function toTravelInput(v: TravelFormValues): TravelBody {
  return {
    from: apiPlace(v.from),
    to: apiPlace(v.to),
    startedAt: dayStart(v.startDay),
    endedAt: dayEnd(v.endDay),
    pricePerKg: v.pricePerKg,
    currency: v.currency,
    travelType: v.travelType,
    availableKg: v.availableKg,
    description: v.description,
  };
}

type Body<T> = Omit<T, 'startedAt' | 'endedAt'> & { startedAt: string; endedAt: string };
export type PackageBody = Body<PackageInput>;
export type TravelBody = Body<TravelInput>;

/**
 * Where an API field error goes in the form: `from.city` beside the departure, `startedAt` beside
 * the departure day; a field the form does not have, to the form's alert (null).
 */
export function formFieldOf(kind: ListingKind, apiField: string): string | null {
  const top = apiField.split('.')[0] ?? '';
  const renamed: Record<string, string> = { startedAt: 'startDay', endedAt: 'endDay' };
  const field = renamed[top] ?? top;
  const fields =
    kind === 'package'
      ? [
          'from',
          'to',
          'startDay',
          'endDay',
          'pricePerKg',
          'currency',
          'description',
          'name',
          'weightKg',
          'size',
          'contents',
          'noProhibitedItems',
        ]
      : ['from', 'to', 'startDay', 'endDay', 'pricePerKg', 'currency', 'description', 'travelType', 'availableKg'];
  return fields.includes(field) ? field : null;
}
