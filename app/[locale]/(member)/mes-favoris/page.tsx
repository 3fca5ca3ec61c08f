import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { BackLink } from '@/components/member/back-link';
import { ListingGrid } from '@/components/listings/listing-card';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';
import { listFavourites } from '@/lib/server/members/favourites';
import { requirePageUser } from '@/lib/server/http/page-session';

export const generateMetadata = memberMetadata('Favourites.title');

// mes-favoris: the listings the member saved (the heart takes one out); those that ended stay, apart.
export default async function FavouritesPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  const t = await getTranslations('Favourites');
  const { items } = await listFavourites(user.id);
  const open = items.filter((f) => !f.ended).map((f) => f.listing);
  const ended = items.filter((f) => f.ended).map((f) => f.listing);
  return (
    <section className="container-page py-10">
      <BackLink href={localPath(locale, 'mon-dashboard')} label={t('dashboard')} navLabel={t('breadcrumb')} />
      <h1 className="text-secondary mt-3 text-3xl font-extrabold">{t('title')}</h1>
      <p className="text-muted mt-2">{t('intro')}</p>
      {items.length ? null : (
        <div className="mt-8 rounded-2xl border border-dashed border-neutral-300 p-8 text-center">
          <p className="text-secondary text-xl font-bold">{t('emptyTitle')}</p>
          <p className="text-muted mx-auto mt-2 max-w-xl">{t('emptyText')}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link
              href={localPath(locale, 'colis')}
              className="bg-secondary rounded-full px-5 py-2.5 font-semibold text-white"
            >
              {t('browseParcels')}
            </Link>
            <Link
              href={localPath(locale, 'trajets')}
              className="border-secondary text-secondary rounded-full border px-5 py-2.5 font-semibold"
            >
              {t('browseTrips')}
            </Link>
          </div>
        </div>
      )}
      {open.length ? (
        <section aria-labelledby="open-favourites" className="mt-8">
          <h2 id="open-favourites" className="text-secondary mb-4 text-xl font-bold">
            {t('openTitle', { count: open.length })}
          </h2>
          <ListingGrid listings={open} locale={locale} />
        </section>
      ) : null}
      {ended.length ? (
        <section aria-labelledby="ended-favourites" className="mt-10" data-ended>
          <h2 id="ended-favourites" className="text-secondary text-xl font-bold">
            {t('endedTitle', { count: ended.length })}
          </h2>
          <p className="text-muted mt-1 mb-4 text-sm">{t('endedText')}</p>
          <ListingGrid listings={ended} locale={locale} />
        </section>
      ) : null}
    </section>
  );
}
