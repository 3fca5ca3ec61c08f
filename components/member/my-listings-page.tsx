import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { BackLink } from '@/components/member/back-link';
import { formatLongDate } from '@/lib/dates';
import type { ListingKind } from '@/lib/domain';
import { cityName, formatNumber, formatPrice } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { duplicatePath, editPath, isBuilt, listingPath, profilePath, publishPages } from '@/lib/routes';
import { myListings } from '@/lib/server/members/dashboard';
import { MyListings, type MyListingView } from './my-listings';

/** mes-colis and mes-trajets: the member's listings in every state, formatted here in the page's language. */
export async function MyListingsPage({ kind, locale, userId }: { kind: ListingKind; locale: Locale; userId: string }) {
  const t = await getTranslations('MyListings');
  const l = await getTranslations('Listings');
  const amounts = await getTranslations('Amounts');
  const { items } = await myListings(userId, kind);
  const statusLabel = (status: (typeof items)[number]['listing']['status']) =>
    kind === 'package' ? l(`packageStatus.${status}`) : l(`travelStatus.${status}`);
  const proposalsPage = isBuilt('mes-propositions') ? localPath(locale, 'mes-propositions/recues') : null;
  const views = items.map(({ listing, ...item }): MyListingView => {
    const pending = item.proposals.filter((p) => p.status === 'pending').length;
    return {
      kind,
      id: listing.id,
      href: localPath(locale, listingPath(listing)),
      editHref: localPath(locale, editPath(listing)),
      duplicateHref: localPath(locale, duplicatePath(listing)),
      route: l('route', { from: cityName(listing.from, locale), to: cityName(listing.to, locale) }),
      name: listing.name,
      status: listing.status,
      statusLabel: statusLabel(listing.status),
      hiddenNote: item.hidden ? t(`hidden.${item.hidden}`) : null,
      dates: t('dates', {
        from: formatLongDate(listing.startedAt, locale),
        to: formatLongDate(listing.endedAt, locale),
      }),
      price: l('perKg', { price: formatPrice(listing.pricePerKg, listing.currency, locale) }),
      facts: [
        ...(kind === 'package'
          ? [l('weight', { weight: formatNumber(listing.weightKg ?? 0, locale) }), t('photos', { count: item.images })]
          : [
              listing.travelType ? l(`travelTypes.${listing.travelType}`) : '',
              ...(listing.availableKg !== null
                ? [l('available', { weight: formatNumber(listing.availableKg, locale) })]
                : []),
            ]),
      ].filter(Boolean),
      reach: [
        t('views', { count: item.views }),
        t('recentViews', { count: item.recentViews }),
        t('saved', { count: item.favourites }),
        t('shareClicks', { count: item.shareClicks }),
      ],
      activity: [t('proposals', { count: item.proposals.length, pending }), t('unread', { count: item.unread })],
      proposals: item.proposals.map((p) => ({
        id: p.id,
        name: p.proposer.firstname,
        href: localPath(locale, profilePath(p.proposer.id)),
        amount: amounts('total', {
          price: formatPrice(p.agreedAmount ?? p.counterAmount ?? p.amount, p.currency, locale),
        }),
        status: t(`proposalStatus.${p.status}`),
      })),
      changes: item.statusChanges.map((status) => ({
        status,
        label:
          listing.status === 'expired'
            ? t('change.reopen')
            : kind === 'package'
              ? t(`change.package.${status as 'active' | 'expired'}`)
              : t(`change.travel.${status as 'active' | 'in_transit' | 'finished' | 'expired'}`),
      })),
    };
  });
  const other = kind === 'package' ? 'mes-trajets' : 'mes-colis';
  return (
    <section className="container-page py-10">
      <BackLink href={localPath(locale, 'mon-dashboard')} label={t('dashboard')} navLabel={t('breadcrumb')} />
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-secondary text-3xl font-extrabold">{t(`${kind}.title`)}</h1>
          <p className="text-muted mt-2">{t(`${kind}.intro`)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Link href={localPath(locale, other)} className="text-secondary font-semibold underline">
            {t(`${kind}.other`)}
          </Link>
          <Link
            href={localPath(locale, publishPages[kind])}
            className="bg-secondary hover:bg-secondary-dark inline-flex min-h-11 items-center rounded-full px-5 font-semibold text-white"
          >
            {t(`${kind}.publish`)}
          </Link>
        </div>
      </div>
      <MyListings
        kind={kind}
        items={views}
        appHref={localPath(locale, 'app-mobile')}
        publishHref={localPath(locale, publishPages[kind])}
        proposalsHref={proposalsPage}
        messagingHref={isBuilt('messagerie') ? localPath(locale, 'messagerie') : null}
      />
    </section>
  );
}
