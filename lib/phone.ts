import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/mobile';
import { servedFirst, type CountryOption } from './countries';
import { phoneCodeCountries } from './domain';
import { normalizePlaceName } from './places/normalize';
import type { Locale } from './i18n/locales';
import { isolateLtr } from './intl-format';

// Mobile phone numbers of the countries where listings go (lib/domain.ts phoneCodeCountries): codes are
// sent there only. The nine served countries (specification, section 9) come first in the phone step.

export type PhoneCountry = { country: string; dial: string; name: string };

export const defaultPhoneCountry = 'TN';

/** The countries codes are sent to, with their calling codes, the served nine first (lib/countries.ts). */
export function phoneCountries(locale: string): { served: PhoneCountry[]; others: PhoneCountry[] } {
  const known = new Set<string>(getCountries());
  const { served, others } = servedFirst(
    phoneCodeCountries.filter((code) => known.has(code)),
    locale,
  );
  const withDial = (list: CountryOption[]) =>
    list.map(({ code, name }) => ({ country: code, name, dial: `+${getCountryCallingCode(code as CountryCode)}` }));
  return { served: withDial(served), others: withDial(others) };
}

/** Countries whose name, ISO code or calling code matches what was typed in the search box. */
export function matchCountries(list: PhoneCountry[], query: string): PhoneCountry[] {
  const q = normalizePlaceName(query);
  if (!q) return list;
  const digits = q.replace(/^\+|^00/, '');
  return list.filter(
    (c) =>
      normalizePlaceName(c.name).includes(q) ||
      c.country.toLowerCase() === q ||
      (/^\d+$/.test(digits) && c.dial.slice(1).startsWith(digits)),
  );
}

/** The country a search picks: the first whose name starts with what was typed, else the first match. */
export function bestMatch(matches: PhoneCountry[], query: string): PhoneCountry | undefined {
  const q = normalizePlaceName(query);
  return matches.find((c) => normalizePlaceName(c.name).startsWith(q)) ?? matches[0];
}

/** The number in E.164 (`+21620123456`), or undefined when it is not a mobile number. */
export function normalizeMobilePhone(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value.replace(/[\s.-]/g, ''));
  if (!parsed || !parsed.isValid()) return undefined;
  const type = parsed.getType();
  if (type && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return undefined;
  return parsed.number;
}

export function isValidMobilePhone(value: string): boolean {
  return normalizeMobilePhone(value) !== undefined;
}

/**
 * A number of a plausible length for its country code: what the phone step's form checks. Whether it
 * is a mobile of a served country the server says, with its own error codes (lib/server/notify/phone-numbers.ts).
 */
export function isPossiblePhone(value: string): boolean {
  return Boolean(parsePhoneNumberFromString(value.replace(/[\s.()-]/g, ''))?.isPossible());
}

/** A phone number as people write it, grouped: "+216 20 123 456" (in JSX, inside <bdi dir="ltr">). */
export function groupPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/** The grouped number as a plain string (e-mails, SMS), isolated left to right on right-to-left pages. */
export function formatPhone(phone: string, locale: Locale): string {
  return isolateLtr(groupPhone(phone), locale);
}
