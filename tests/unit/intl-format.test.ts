/** @jest-environment node */
import {
  formatCode,
  formatDay,
  formatIsoDay,
  formatIsoTime,
  formatPrice,
  isolate,
  isolateLtr,
} from '@/lib/intl-format';
import { formatLongDate } from '@/lib/dates';
import { formatIsoDayShort } from '@/lib/intl-dates';
import { formatPhone, groupPhone } from '@/lib/phone';
import type { Locale } from '@/lib/i18n/locales';

// What people read as numbers (lib/intl-format.ts, lib/phone.ts), per language: one table a function.

const FSI = '\u2068';
const LRI = '\u2066';
const PDI = '\u2069';
// Intl's spaces are narrow or plain no-break ones; the tables write plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('prices', () => {
  const table: [Locale, number, string, string][] = [
    ['fr', 8, 'TND', '8 TND'],
    ['fr', 8.5, 'TND', '8,500 TND'],
    ['fr', 22, 'TND', '22 TND'],
    ['fr', 8.25, 'TND', '8,250 TND'],
    ['fr', 8, 'EUR', '8,00 €'],
    ['fr', 10, 'GBP', '10,00 £GB'],
    ['fr', 1250, 'EUR', '1 250,00 €'],
    ['en', 8, 'TND', 'TND 8'],
    ['en', 8.5, 'TND', 'TND 8.500'],
    ['en', 11.5, 'USD', '$11.50'],
    ['en', 10, 'GBP', '£10.00'],
    // Arabic: Intl's own marks (U+200F) kept, the whole isolated; Latin-mixed symbols by their code.
    ['ar', 8, 'TND', `${FSI}\u200f8 د.ت.\u200f${PDI}`],
    ['ar', 8.5, 'TND', `${FSI}\u200f8.500 د.ت.\u200f${PDI}`],
    ['ar', 10, 'GBP', `${FSI}\u200f10.00 GBP${PDI}`],
    ['ar', 11.5, 'USD', `${FSI}\u200f11.50 USD${PDI}`],
    ['ar', 8.5, 'EUR', `${FSI}\u200f8.50 €${PDI}`],
    ['ar-TN', 8, 'TND', `${FSI}\u200f8 د.ت.\u200f${PDI}`],
    ['ar-TN', 8.5, 'TND', `${FSI}\u200f8,500 د.ت.\u200f${PDI}`],
    ['ar-TN', 10, 'GBP', `${FSI}\u200f10,00 GBP${PDI}`],
    ['ar-TN', 11.5, 'USD', `${FSI}\u200f11,50 USD${PDI}`],
  ];
  it.each(table)('%s: %p %s is "%s"', (locale, amount, currency, expected) => {
    expect(plain(formatPrice(amount, currency, locale))).toBe(expected);
  });

  it('never writes a Latin-mixed symbol on right-to-left pages', () => {
    for (const locale of ['ar', 'ar-TN'] as const)
      for (const currency of ['EUR', 'TND', 'MAD', 'DZD', 'CHF', 'USD', 'GBP'])
        expect(formatPrice(12.5, currency, locale)).not.toMatch(/UK£|US\$|£UK|\$US/);
  });

  it('takes millimes to the thousandth, without binary fractions', () => {
    expect(plain(formatPrice(0.1 + 0.2, 'TND', 'fr'))).toBe('0,300 TND');
    expect(plain(formatPrice(7.9999999, 'TND', 'fr'))).toBe('8 TND');
  });
});

describe('phone numbers', () => {
  const table: [string, Locale, string][] = [
    ['+21620123456', 'fr', '+216 20 123 456'],
    ['+21620123456', 'en', '+216 20 123 456'],
    ['+21620123456', 'ar-TN', `${LRI}+216 20 123 456${PDI}`],
    ['+21620123456', 'ar', `${LRI}+216 20 123 456${PDI}`],
    ['+33612345678', 'fr', '+33 6 12 34 56 78'],
    ['+33612345678', 'ar', `${LRI}+33 6 12 34 56 78${PDI}`],
    ['+447700900123', 'en', '+44 7700 900123'],
    ['+905321234567', 'ar', `${LRI}+90 532 123 45 67${PDI}`],
  ];
  it.each(table)('%s in %s is "%s"', (phone, locale, expected) => {
    expect(formatPhone(phone, locale)).toBe(expected);
  });

  it('are grouped for JSX (inside <bdi dir="ltr">), and kept as typed when unknown', () => {
    expect(groupPhone('+21620123456')).toBe('+216 20 123 456');
    expect(groupPhone('not a phone')).toBe('not a phone');
  });
});

describe('right-to-left isolation of dates and codes', () => {
  const table: [Locale, boolean][] = [
    ['fr', false],
    ['en', false],
    ['ar-TN', true],
    ['ar', true],
  ];
  it.each(table)('%s isolates: %p', (locale, rtl) => {
    const day = formatDay('2025-05-29T10:00:00Z', locale, 'Africa/Tunis');
    const long = formatLongDate('2025-05-29T10:00:00Z', locale);
    const code = formatCode('482913', locale);
    for (const text of [day, long]) {
      expect(text.startsWith(FSI) && text.endsWith(PDI)).toBe(rtl);
      expect(text).toMatch(/29/);
    }
    expect(code).toBe(rtl ? `${LRI}482 913${PDI}` : '482 913');
    expect(isolate('x', locale)).toBe(rtl ? `${FSI}x${PDI}` : 'x');
    expect(isolateLtr('x', locale)).toBe(rtl ? `${LRI}x${PDI}` : 'x');
  });

  it('writes a handover code in two groups of three without a locale', () => {
    expect(formatCode('482913')).toBe('482 913');
  });
});

describe('date and time fields', () => {
  const days: [string, Locale, string][] = [
    ['2027-03-12', 'fr', '12 mars 2027'],
    ['2027-03-12', 'en', '12 March 2027'],
    ['2027-03-12', 'ar', `${FSI}12 مارس 2027${PDI}`],
    ['2027-01-05', 'ar', `${FSI}5 يناير 2027${PDI}`],
    // Tunisian month names.
    ['2027-01-05', 'ar-TN', `${FSI}5 جانفي 2027${PDI}`],
    ['2027-08-31', 'ar-TN', `${FSI}31 أوت 2027${PDI}`],
    ['1995-06-15', 'fr', '15 juin 1995'],
    // The calendar day as typed, whatever the machine's time zone.
    ['2027-12-31', 'en', '31 December 2027'],
    ['2028-02-29', 'fr', '29 février 2028'],
    ['2027-02-29', 'fr', ''],
    ['2027-13-01', 'fr', ''],
    ['12/03/2027', 'fr', ''],
    ['', 'ar', ''],
  ];
  it.each(days)('%s in %s reads "%s"', (value, locale, expected) => {
    expect(plain(formatIsoDay(value, locale))).toBe(expected);
  });

  const times: [string, Locale, string][] = [
    ['22:00', 'fr', '22:00'],
    ['22:00', 'en', '22:00'],
    ['07:05', 'en', '07:05'],
    ['00:30', 'fr', '00:30'],
    ['22:00', 'ar', `${FSI}22:00${PDI}`],
    ['07:30:00', 'ar-TN', `${FSI}07:30${PDI}`],
    ['24:00', 'fr', ''],
    ['7:30', 'fr', ''],
    ['', 'en', ''],
  ];
  it.each(times)('%s in %s reads "%s"', (value, locale, expected) => {
    expect(formatIsoTime(value, locale)).toBe(expected);
  });

  it('never shows a 12-hour clock nor the month first', () => {
    for (const locale of ['fr', 'en', 'ar-TN', 'ar'] as const) {
      for (let hour = 0; hour < 24; hour++)
        expect(formatIsoTime(`${String(hour).padStart(2, '0')}:15`, locale)).not.toMatch(/AM|PM|ص|م/);
      expect(formatIsoDay('2027-03-04', locale)).toMatch(/^\u2068?4 /);
    }
  });

  it('writes a chart axis day without its year, the month short, isolated on right-to-left pages', () => {
    expect(formatIsoDayShort('2026-11-02', 'fr')).toBe('2 nov.');
    expect(formatIsoDayShort('2026-11-02', 'en')).toBe('2 Nov');
    expect(formatIsoDayShort('2026-11-02', 'ar')).toBe(`${FSI}2 نوفمبر${PDI}`);
    expect(formatIsoDayShort('2 novembre', 'fr')).toBe('');
  });
});
