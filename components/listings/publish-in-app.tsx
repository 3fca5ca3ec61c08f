import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AppBadges } from '@/components/layout/app-badges';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';

/** ajouter-colis and ajouter-trajet: listings are created in the mobile app (specification, section 1). */
export async function PublishInApp({ locale, kind }: { locale: Locale; kind: 'parcel' | 'trip' }) {
  const t = await getTranslations('AddListing');
  return (
    <section className="prose-page py-16">
      <div className="bg-secondary-light rounded-3xl p-8">
        <h1 className="text-secondary text-3xl font-extrabold">{t(kind === 'parcel' ? 'parcelTitle' : 'tripTitle')}</h1>
        <p className="mt-4 text-lg">{t(kind === 'parcel' ? 'parcelText' : 'tripText')}</p>
        <p className="text-muted mt-3">{t('sameAccount')}</p>
        <AppBadges className="mt-6" />
        <Link
          href={localPath(locale, '/mon-dashboard')}
          className="text-secondary mt-6 inline-block font-semibold underline"
        >
          {t('back')}
        </Link>
      </div>
    </section>
  );
}
