/** @jest-environment node */
import { packageInputSchema } from '@/lib/schemas/listings';
import {
  dayEnd,
  dayStart,
  formFieldOf,
  packageFormSchema,
  todayInTunis,
  toPackageInput,
  travelFormSchema,
  tunisDay,
} from '@/lib/schemas/publish';

// The publishing form's rules (lib/schemas/publish.ts): the API's field rules on the form's values,
// dates in Tunis days, and where the API's field errors go.

const today = '2026-06-10';
const sfax = { placeId: 2467454, name: 'Sfax', country: 'TN' };
const paris = { placeId: 2988507, name: 'Paris', country: 'FR' };
const parcel = {
  from: sfax,
  to: paris,
  startDay: '2026-06-12',
  endDay: '2026-06-15',
  pricePerKg: '12',
  currency: 'EUR',
  description: '',
  name: 'Livres',
  weightKg: '4',
  size: 'small',
  contents: 'Livres',
  noProhibitedItems: true,
};
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

test('a complete parcel passes and becomes a body the API accepts', () => {
  const parsed = packageFormSchema(today).parse(parcel);
  const body = toPackageInput(parsed);
  expect(packageInputSchema.safeParse(body).success).toBe(true);
  expect(body).toMatchObject({ weightKg: 4, pricePerKg: 12, size: 'small', noProhibitedItems: true });
  expect(body.from).toEqual({ city: 'Sfax', country: 'TN', placeId: 2467454 });
});

test.each([
  ['no place picked', { from: null }, 'from', 'addressRequired'],
  ['no departure day', { startDay: '' }, 'startDay', 'dateRequired'],
  ['a past departure', { startDay: '2026-06-09' }, 'startDay', 'datePast'],
  ['arrival before departure', { endDay: '2026-06-11' }, 'endDay', 'departureBeforeArrival'],
  ['no weight', { weightKg: '' }, 'weightKg', 'weightPositive'],
  ['zero price', { pricePerKg: '0' }, 'pricePerKg', 'pricePositive'],
  ['no currency', { currency: '' }, 'currency', 'currencyRequired'],
  ['no size', { size: '' }, 'size', 'sizeRequired'],
  ['no contents', { contents: ' ' }, 'contents', 'contentsRequired'],
  ['no declaration', { noProhibitedItems: false }, 'noProhibitedItems', 'declarationRequired'],
  ['no title', { name: '' }, 'name', 'titleRequired'],
])('%s: its message beside its field', (_, change, field, message) => {
  expect(issues(packageFormSchema(today).safeParse({ ...parcel, ...change }))[field]).toBe(message);
});

test('the dates’ messages show while other fields are still wrong', () => {
  const result = packageFormSchema(today).safeParse({ ...parcel, name: '', startDay: '2026-06-01' });
  expect(issues(result)).toEqual({ name: 'titleRequired', startDay: 'datePast' });
});

test('a trip needs a means of transport; an arrival on the departure day is fine', () => {
  const trip = { ...parcel, travelType: '', availableKg: '', endDay: parcel.startDay };
  expect(issues(travelFormSchema(today).safeParse(trip))).toEqual({ travelType: 'travelTypeRequired' });
  expect(travelFormSchema(today).safeParse({ ...trip, travelType: 'plane' }).success).toBe(true);
});

test('an edit keeps a departure already past when it is left as it was', () => {
  const started = { ...parcel, startDay: '2026-06-01' };
  expect(issues(packageFormSchema(today).safeParse(started)).startDay).toBe('datePast');
  expect(packageFormSchema(today, { startDay: '2026-06-01' }).safeParse(started).success).toBe(true);
});

test('days are the same in Tunis and in UTC once stored; today is Tunis’s', () => {
  expect(tunisDay(dayStart('2026-12-01'))).toBe('2026-12-01');
  expect(new Date(dayStart('2026-12-01')).toISOString().slice(0, 10)).toBe('2026-12-01');
  expect(tunisDay(dayEnd('2026-12-01'))).toBe('2026-12-01');
  expect(new Date(dayEnd('2026-12-01')).toISOString().slice(0, 10)).toBe('2026-12-01');
  // 23:30 UTC on 31 December is already 1 January in Tunis.
  expect(todayInTunis(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
});

test('the API’s field errors go beside the form’s fields, others to its alert', () => {
  expect(formFieldOf('package', 'from.city')).toBe('from');
  expect(formFieldOf('package', 'startedAt')).toBe('startDay');
  expect(formFieldOf('travel', 'endedAt')).toBe('endDay');
  expect(formFieldOf('travel', 'size')).toBeNull();
  expect(formFieldOf('package', '_')).toBeNull();
});
