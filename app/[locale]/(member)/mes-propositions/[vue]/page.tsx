import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DealMessages } from '@/components/deals/deal-messages';
import { ProposalsScreen } from '@/components/proposals/proposals-screen';
import { cityNames } from '@/lib/i18n/city-names';
import { localePrefix, type Locale } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page';
import { localPath } from '@/lib/i18n/paths';
import { proposalViews } from '@/lib/routes';
import { requirePageUser } from '@/lib/server/http/page-session';
import { listProposals } from '@/lib/server/deals/proposals';
import { proposalsKey } from '@/lib/swr/keys';

type Props = { params: Promise<{ locale: string; vue: string }> };

/** The role of a view's slug (`envoyees`, `recues`), or undefined. */
function roleOf(vue: string) {
  return (Object.keys(proposalViews) as (keyof typeof proposalViews)[]).find((role) => proposalViews[role] === vue);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale: Locale = await pageLocale(params);
  const role = roleOf((await params).vue);
  const t = await getTranslations({ locale, namespace: 'Proposals' });
  return { title: role === 'received' ? t('receivedTitle') : t('sentTitle'), robots: { index: false } };
}

// mes-propositions/envoyees and /recues: the dashboard's "sent proposals" and "received proposals".
export default async function ProposalsPage({ params }: Props) {
  const locale = await pageLocale(params);
  const role = roleOf((await params).vue);
  if (!role) notFound();
  const user = await requirePageUser(locale);
  const t = await getTranslations('Proposals');
  const proposals = await listProposals(user.id, { role });
  return (
    <section className="container-page py-8 md:py-10">
      <h1 className="text-secondary text-3xl font-extrabold">{t('title')}</h1>
      <p className="text-muted mt-2">{t('intro')}</p>
      <nav aria-label={t('views')} className="mt-6 border-b border-neutral-200">
        <ul className="flex gap-1">
          {(['sent', 'received'] as const).map((view) => (
            <li key={view}>
              <Link
                href={localPath(locale, `mes-propositions/${proposalViews[view]}`)}
                prefetch={false}
                aria-current={view === role ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${view === role ? 'border-secondary text-secondary' : 'text-muted hover:text-secondary border-transparent'}`}
              >
                {view === 'sent' ? t('sentTitle') : t('receivedTitle')}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <DealMessages>
        <ProposalsScreen
          me={user.id}
          prefix={localePrefix(locale)}
          role={role}
          fallback={{ [proposalsKey({ role })]: proposals }}
          cityNames={cityNames(
            proposals.items.map((p) => p.listing),
            locale,
          )}
        />
      </DealMessages>
    </section>
  );
}
