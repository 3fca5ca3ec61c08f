import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AppBadges } from '@/components/layout/app-badges';
import { ArrivalDialog } from '@/components/ui/arrival-dialog';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { publishPages } from '@/lib/routes';

/**
 * ajouter-colis and ajouter-trajet: the mobile app (specification, section 1), a modal with the store
 * links open on arrival, and the site's own form (publier-colis, publier-trajet).
 */
export async function PublishInApp({ locale, kind }: { locale: Locale; kind: 'parcel' | 'trip' }) {
  const t = await getTranslations('AddListing');
  const tt = await getTranslations('Toast');
  const dashboard = localPath(locale, 'mon-dashboard');
  return (
    <section className="prose-page py-16">
      <ArrivalDialog labelledBy="publish-title" closeLabel={tt('close')} fallbackHref={dashboard}>
        <h1 id="publish-title" className="text-secondary text-2xl font-extrabold sm:text-3xl">
          {t(kind === 'parcel' ? 'parcelTitle' : 'tripTitle')}
        </h1>
        <p className="mt-4 text-lg">{t(kind === 'parcel' ? 'parcelText' : 'tripText')}</p>
        <p className="text-muted mt-3">{t('sameAccount')}</p>
        <AppBadges className="mt-6" />
        <p className="mt-6">{t('onSite')}</p>
        <Link
          href={localPath(locale, publishPages[kind === 'parcel' ? 'package' : 'travel'])}
          className="bg-secondary hover:bg-secondary-dark mt-3 flex min-h-12 w-fit items-center rounded-full px-6 font-semibold text-white"
        >
          {t(kind === 'parcel' ? 'parcelOnSite' : 'tripOnSite')}
        </Link>
        <Link href={dashboard} className="text-secondary mt-6 inline-block font-semibold underline">
          {t('back')}
        </Link>
      </ArrivalDialog>
    </section>
  );
}
