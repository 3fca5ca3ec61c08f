import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { localPath } from '@/lib/i18n/paths';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { requirePageUser } from '@/lib/server/page-session';
import { isBuilt, proposalViews } from '@/lib/routes';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'Dashboard' });
  return { title: t('meta'), robots: { index: false } };
}

// "Mon Espace": the tiles of the specification (section 2).
export default async function DashboardPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  const t = await getTranslations('Dashboard');
  const href = (path: string) => localPath(locale, path);
  const tiles = [
    { label: t('travels'), path: '/mes-trajets' },
    { label: t('packages'), path: '/mes-colis' },
    { label: t('messaging'), path: '/messagerie' },
    { label: t('favourites'), path: '/mes-favoris' },
    { label: t('sentProposals'), path: `/mes-propositions/${proposalViews.sent}` },
    { label: t('receivedProposals'), path: `/mes-propositions/${proposalViews.received}` },
    { label: t('settings'), path: '/modifier-telephone' },
    { label: t('help'), path: '/faq' },
  ].filter((tile) => isBuilt(tile.path));
  return (
    <section className="container-page py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-secondary text-3xl font-extrabold">{t('title', { firstname: user.firstname })}</h1>
          <p className="text-muted mt-2">{t('intro')}</p>
        </div>
        <SignOutButton prefix={localePrefix(locale)} />
      </div>
      <p className="bg-secondary-light mt-6 rounded-xl px-4 py-3">
        {user.phoneVerified && user.phone ? (
          t.rich('phoneVerified', { phone: user.phone, bdi: (chunks) => <bdi dir="ltr">{chunks}</bdi> })
        ) : (
          <Link href={href('/modifier-telephone')} className="text-secondary font-semibold underline">
            {t('phoneMissing')}
          </Link>
        )}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              href={href(tile.path)}
              className="text-secondary hover:border-secondary hover:bg-secondary-light flex min-h-24 items-center rounded-2xl border border-neutral-200 p-5 font-bold"
            >
              {tile.label}
            </Link>
          </li>
        ))}
        <li className="rounded-2xl border border-dashed border-neutral-300 p-5">
          <p className="text-secondary font-bold">{t('wallet')}</p>
          <p className="text-muted mt-1 text-sm">{t('walletText')}</p>
        </li>
      </ul>
    </section>
  );
}
