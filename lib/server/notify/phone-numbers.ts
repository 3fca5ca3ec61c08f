import 'server-only';
import { parsePhoneNumberFromString as parseMobile } from 'libphonenumber-js/mobile';
import { parsePhoneNumberFromString as parseAny } from 'libphonenumber-js/max';
import { phoneCodeCountries, phoneCodeRules } from '@/lib/domain';
import { AppError } from '@/lib/errors';

// Which numbers may receive a phone code (issue 33, no bill run up by an attacker): a mobile number,
// as libphonenumber-js's metadata classes it, of a country the marketplace serves. Premium-rate,
// shared-cost, landline and unassigned numbers, and every other country, are refused before anything
// is counted or sent, each with its own error code.

/** The number in E.164 and its range (the number without its last digits), or the refusal's error. */
export function checkedPhone(raw: string): { phone: string; country: string; range: string } {
  const typed = raw.replace(/[\s.()-]/g, '');
  const mobile = parseMobile(typed);
  const type = mobile?.isValid() ? mobile.getType() : undefined;
  if (!mobile || !(type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE')) {
    // A real number of another kind (landline, premium rate, shared cost, VoIP...) says so; anything else is invalid.
    if (parseAny(typed)?.isValid()) throw new AppError('PHONE_NOT_MOBILE', { phone: 'phoneNotMobile' });
    throw new AppError('INVALID_PHONE', { phone: 'phoneInvalid' });
  }
  const country = mobile.country;
  if (!country || !phoneCodeCountries.includes(country))
    throw new AppError('PHONE_COUNTRY_NOT_SERVED', { phone: 'phoneCountryNotServed' });
  const phone = mobile.number;
  return { phone, country, range: phone.slice(0, -phoneCodeRules.rangeDigits) };
}
