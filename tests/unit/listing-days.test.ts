import { dayStart, listingDay, nextDay } from '@/lib/listing-days';

// Listings follow calendar days of Tunisia (UTC+1, no summer time since 2009), whatever the server's zone.
describe('listing days', () => {
  test.each([
    ['2026-11-26T22:59:59Z', '2026-11-26'],
    ['2026-11-26T23:00:00Z', '2026-11-27'],
    ['2026-07-01T23:30:00Z', '2026-07-02'],
    ['2026-12-31T23:00:00Z', '2027-01-01'],
  ])('%s is %s in Tunis', (at, day) => {
    expect(listingDay(at)).toBe(day);
  });

  test('a day starts at midnight in Tunis, and the next day follows it', () => {
    expect(dayStart('2026-11-27').toISOString()).toBe('2026-11-26T23:00:00.000Z');
    expect(dayStart('2026-07-02').toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    for (const day of ['2026-03-29', '2026-10-25', '2027-01-01']) expect(listingDay(dayStart(day))).toBe(day);
  });
});
