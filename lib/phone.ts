import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/mobile';
import { servedFirst, type CountryOption } from './countries';

// Mobile phone numbers of every country libphonenumber knows: members send from wherever listings go.
// The nine served countries (specification, section 9) come first in the phone step.

export type PhoneCountry = { country: string; dial: string; name: string };

export const defaultPhoneCountry = 'TN';

/** Every country libphonenumber knows, with its calling code, the served nine first (lib/countries.ts). */
export function phoneCountries(locale: string): { served: PhoneCountry[]; others: PhoneCountry[] } {
  const { served, others } = servedFirst(getCountries(), locale);
  const withDial = (list: CountryOption[]) =>
    list.map(({ code, name }) => ({ country: code, name, dial: `+${getCountryCallingCode(code as CountryCode)}` }));
  return { served: withDial(served), others: withDial(others) };
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
