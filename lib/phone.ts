import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { countries } from './countries';
import type { Locale } from './i18n/locales';
import { isolateLtr } from './intl-format';

// Phone numbers of the nine served countries (specification, section 9), checked as mobiles.

export const dialCodes = countries.map((c) => ({ country: c.code, dial: c.dial }));
export const defaultDialCode = '+216';

/** The number in E.164 (`+21620123456`), or undefined when it is not a mobile of a served country. */
export function normalizeMobilePhone(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value.replace(/[\s.-]/g, ''));
  if (!parsed || !parsed.isValid()) return undefined;
  if (!countries.some((c) => c.code === parsed.country)) return undefined;
  const type = parsed.getType();
  if (type && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return undefined;
  return parsed.number;
}

export function isValidMobilePhone(value: string): boolean {
  return normalizeMobilePhone(value) !== undefined;
}

/** A phone number as people write it, grouped: "+216 20 123 456" (in JSX, inside <bdi dir="ltr">). */
export function groupPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/** The grouped number as a plain string (e-mails, SMS), isolated left to right on right-to-left pages. */
export function formatPhone(phone: string, locale: Locale): string {
  return isolateLtr(groupPhone(phone), locale);
}
