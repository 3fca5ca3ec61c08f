import Link from 'next/link';
import { groupPhone } from '@/lib/phone';
import { getTranslations } from 'next-intl/server';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { DashboardTiles, type Tile } from '@/components/member/dashboard-tiles';
import { localPath } from '@/lib/i18n/paths';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';
import { dashboardCounts, dashboardTasks } from '@/lib/server/members/dashboard';
import { DashboardTaskList } from '@/components/member/dashboard-tasks';
import { requirePageUser } from '@/lib/server/http/page-session';
import { suppressionOf } from '@/lib/server/notify';
import { isBuilt, profilePath, proposalViews } from '@/lib/routes';
import { staffRoles } from '@/lib/domain';

export const generateMetadata = memberMetadata('Dashboard.meta');

const pill =
  'border-secondary text-secondary hover:bg-secondary-light inline-flex min-h-11 items-center rounded-full border px-5 font-semibold';

// "Mon Espace": the tiles of the specification (section 2), each with its count where one makes sense.
export default async function DashboardPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  const t = await getTranslations('Dashboard');
  const auth = await getTranslations('Auth');
  const errors = await getTranslations('Errors');
  const href = (path: string) => localPath(locale, path);
  // Bounced or complained of: notifications no longer reach this address (lib/server/notify/suppression.ts).
  const suppressed = await suppressionOf(user.email);
  const tiles = (
    [
      ['travels', '/mes-trajets'],
      ['packages', '/mes-colis'],
      ['messaging', '/messagerie'],
      ['favourites', '/mes-favoris'],
      ['sent', `/mes-propositions/${proposalViews.sent}`],
      ['received', `/mes-propositions/${proposalViews.received}`],
      ['settings', '/parametres'],
      ['wallet', '/paiements'],
      ['help', '/faq'],
    ] as const
  )
    .filter(([, path]) => isBuilt(path))
    .map(([key, path]): Tile => ({ key, href: href(path) }));
  return (
    <section className="container-page py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-secondary text-3xl font-extrabold">{t('heading')}</h1>
          <p className="mt-2 text-lg font-semibold">{t('title', { firstname: user.firstname })}</p>
          <p className="text-muted mt-1">{t('intro')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link href={href(profilePath(user.id))} className={pill}>
            {t('publicProfile')}
          </Link>
          {(staffRoles as readonly string[]).includes(user.role) ? (
            <>
              <Link href={href('/moderation')} className={pill}>
                {t('moderation')}
              </Link>
              <Link href={href('/statistiques')} className={pill}>
                {t('statistics')}
              </Link>
            </>
          ) : null}
          <SignOutButton
            prefix={localePrefix(locale)}
            labels={{ signOut: auth('signOut'), signedOut: auth('signedOut'), network: errors('NETWORK') }}
            className="inline-flex min-h-11 items-center rounded-full border border-red-700 px-5 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
          />
        </div>
      </div>
      <p className="bg-secondary-light mt-6 rounded-xl px-4 py-3">
        {user.phoneVerified && user.phone ? (
          t.rich('phoneVerified', {
            phone: groupPhone(user.phone),
            bdi: (chunks) => (
              <bdi dir="ltr" className="whitespace-nowrap">
                {chunks}
              </bdi>
            ),
          })
        ) : (
          <Link href={href('/modifier-telephone')} className="text-secondary font-semibold underline">
            {t('phoneMissing')}
          </Link>
        )}
      </p>
      {suppressed ? (
        <div
          role="alert"
          className="mt-4 flex flex-col gap-2 rounded-xl border-s-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-950"
        >
          <p>
            {t.rich(suppressed.reason === 'complaint' ? 'mailComplaint' : 'mailBounced', {
              email: user.email,
              bdi: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
            })}
          </p>
          <Link href={`${href('/parametres')}#email`} className="text-secondary font-semibold underline">
            {t('mailChange')}
          </Link>
        </div>
      ) : null}
      <DashboardTaskList tasks={await dashboardTasks(user.id)} locale={locale} />
      <DashboardTiles tiles={tiles} initial={await dashboardCounts(user.id)} />
    </section>
  );
}
