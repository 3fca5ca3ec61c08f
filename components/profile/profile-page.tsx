import { getTranslations } from 'next-intl/server';
import { ListingGrid } from '@/components/listings/listing-card';
import { JoinDialog } from '@/components/listings/join-dialog';
import { Avatar } from '@/components/ui/avatar';
import { formatLongDate } from '@/lib/dates';
import { listingKinds, ratingRules, reportReasons, reportRules } from '@/lib/domain';
import { formatNumber } from '@/lib/format';
import { localePrefix, type Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { profilePath, reportListingParam } from '@/lib/routes';
import { publicFileUrl } from '@/lib/server/storage';
import type { Profile } from '@/lib/schemas/member';
import { MemberTrust } from './member-trust';
import { ProfileActions } from './profile-actions';

/** profil/{userId}: who the member is, their reliability record, reviews and open listings. */
export async function ProfilePage({ profile, locale }: { profile: Profile; locale: Locale }) {
  const t = await getTranslations('Profile');
  const e = await getTranslations('Errors');
  const { user, reliability } = profile;
  const name = `${user.firstname} ${user.lastname}`;
  const reply = reliability.medianReplySeconds;
  const replyText =
    reply === null
      ? t('replyNone')
      : reply < 3600
        ? t('replyMinutes', { count: Math.max(1, Math.round(reply / 60)) })
        : reply < 48 * 3600
          ? t('replyHours', { count: Math.round(reply / 3600) })
          : t('replyDays', { count: Math.round(reply / 86400) });
  const share =
    reliability.acceptedDeals > 0 ? Math.round((reliability.deliveredDeals / reliability.acceptedDeals) * 100) : null;
  const card = 'rounded-2xl border border-neutral-200 bg-white p-5';
  const stars = [1, 2, 3, 4, 5].map((n) => t('stars', { count: n }));
  return (
    <div className="container-page flex flex-col gap-6 py-10">
      <section className={`${card} flex flex-wrap items-center gap-5`} aria-labelledby="profile-name">
        <Avatar
          src={user.avatar && publicFileUrl(user.avatar)}
          initials={user.firstname.charAt(0).toUpperCase()}
          alt=""
        />
        <div className="min-w-0 flex-1">
          <h1 id="profile-name" className="text-secondary text-3xl font-extrabold">
            <bdi>{name}</bdi>
          </h1>
          <p className="text-muted mt-1">{t('memberSince', { date: formatLongDate(user.memberSince, locale) })}</p>
          <MemberTrust
            member={user}
            locale={locale}
            ratingClass="mt-1 font-semibold"
            listClass="mt-2 flex flex-wrap gap-x-4 gap-y-1"
          />
        </div>
        <div className="w-full">
          <ProfileActions
            userId={user.id}
            locale={localePrefix(locale)}
            likes={profile.likes}
            reportAbout={{ param: reportListingParam, kinds: listingKinds }}
            reasons={reportReasons.map((value) => ({ value, label: t(`reasons.${value}`) }))}
            limits={{
              maxScore: ratingRules.maxScore,
              commentMax: ratingRules.commentMax,
              detailsMax: reportRules.detailsMax,
            }}
            labels={{
              like: t('like'),
              likes: t.raw('likes') as string,
              rateTitle: t('rateTitle'),
              score: t('score'),
              stars,
              comment: t('comment'),
              submitRating: t('submitRating'),
              rated: t('rated'),
              cannotRate: t('cannotRate'),
              reportOpen: t('reportOpen'),
              reportTitle: t('reportTitle', { name: user.firstname }),
              reportAboutListing: t('reportAboutListing'),
              reason: t('reason'),
              details: t('details'),
              submitReport: t('submitReport'),
              reported: t('reported'),
              cancel: t('cancel'),
              close: t('close'),
              self: t('self'),
              network: e('NETWORK'),
              block: t('block'),
              unblock: t('unblock'),
              blockTitle: t('blockTitle', { name: user.firstname }),
              blockText: t('blockText', { name: user.firstname }),
              blockUndo: t('blockUndo'),
              blocked: t('blocked'),
              unblocked: t('unblocked'),
            }}
          />
        </div>
      </section>

      <section className={card} aria-labelledby="reliability">
        <h2 id="reliability" className="text-secondary text-xl font-bold">
          {t('reliabilityTitle')}
        </h2>
        <p className="text-muted mt-1 text-sm">{t('reliabilityIntro')}</p>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-muted text-sm">{t('replyLabel')}</dt>
            <dd className="text-xl font-bold">{replyText}</dd>
            <dd className="text-muted text-xs">{t('replyBase', { count: reliability.repliedConversations })}</dd>
          </div>
          <div>
            <dt className="text-muted text-sm">{t('deliveredLabel')}</dt>
            <dd className="text-xl font-bold">{share === null ? t('noDeals') : t('percent', { value: share })}</dd>
            <dd className="text-muted text-xs">
              {t('deliveredBase', { delivered: reliability.deliveredDeals, count: reliability.acceptedDeals })}
            </dd>
          </div>
          <div>
            <dt className="text-muted text-sm">{t('cancelledLabel')}</dt>
            <dd className="text-xl font-bold">{formatNumber(reliability.cancelledAfterAcceptance, locale, 0)}</dd>
            <dd className="text-muted text-xs">{t('cancelledBase')}</dd>
          </div>
        </dl>
      </section>

      <section className={card} aria-labelledby="reviews">
        <h2 id="reviews" className="text-secondary text-xl font-bold">
          {t('reviewsTitle', { count: user.reviewCount })}
        </h2>
        {profile.reviews.length ? (
          <ul className="mt-3 flex flex-col divide-y divide-neutral-100">
            {profile.reviews.map((review) => (
              <li key={review.id} className="py-3">
                <p className="flex flex-wrap items-center gap-2">
                  <a href={localPath(locale, profilePath(review.author.id))} className="font-semibold underline">
                    <bdi>{review.author.firstname}</bdi>
                  </a>
                  <span role="img" aria-label={stars[review.score - 1]} className="text-primary-dark">
                    {'★'.repeat(review.score)}
                    <span className="text-neutral-300">{'★'.repeat(5 - review.score)}</span>
                  </span>
                  <span className="text-muted ms-auto text-sm">{formatLongDate(review.createdAt, locale)}</span>
                </p>
                {review.comment ? (
                  <p dir="auto" className="mt-1 leading-relaxed">
                    {review.comment}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted mt-2">{t('noReviews')}</p>
        )}
      </section>

      <section aria-labelledby="listings">
        <h2 id="listings" className="text-secondary mb-4 text-xl font-bold">
          {t('listingsTitle')}
        </h2>
        {profile.listings.length ? (
          <ListingGrid listings={profile.listings} locale={locale} />
        ) : (
          <p className="text-muted">{t('noListings')}</p>
        )}
      </section>
      <JoinDialog locale={locale} here={localPath(locale, profilePath(user.id))} text={t('joinText')} />
    </div>
  );
}
