import { getTranslations } from 'next-intl/server';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';

type Member = {
  rating: number | null;
  reviewCount: number;
  verified: { email: boolean; phone: boolean; identity: boolean };
};

/** A member's rating and what was verified, as a listing's owner card and the public profile show them. */
export async function MemberTrust({
  member,
  locale,
  ratingClass,
  listClass,
}: {
  member: Member;
  locale: Locale;
  ratingClass: string;
  listClass: string;
}) {
  const l = await getTranslations('Listings');
  return (
    <>
      <p className={ratingClass}>
        {member.rating !== null
          ? `★ ${formatNumber(member.rating, locale)} · ${l('reviews', { count: member.reviewCount })}`
          : l('noRating')}
      </p>
      <ul className={`text-sm ${listClass}`}>
        {(
          [
            ['email', l('verifiedEmail'), l('unverifiedEmail')],
            ['phone', l('verifiedPhone'), l('unverifiedPhone')],
            ['identity', l('verifiedIdentity'), l('unverifiedIdentity')],
          ] as const
        ).map(([key, verified, unverified]) => (
          <li
            key={key}
            className={`flex items-center gap-1.5 ${member.verified[key] ? 'text-green-800' : 'text-neutral-600'}`}
          >
            {member.verified[key] ? <CheckIcon className="size-4" /> : <CloseIcon className="size-4" />}
            {member.verified[key] ? verified : unverified}
          </li>
        ))}
      </ul>
    </>
  );
}
