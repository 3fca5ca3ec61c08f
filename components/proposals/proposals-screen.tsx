'use client';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useCityName } from '@/components/deals/city-names';
import { DealPanel } from '@/components/deals/deal-panel';
import { DealScreenData } from '@/components/deals/screen-data';
import { useHydrated } from '@/lib/client/use-hydrated';
import { proposalStage, proposalStages, type ProposalStage } from '@/lib/domain';
import type { Locale, Prefix } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { listingPath } from '@/lib/routes';
import type { Proposal } from '@/lib/schemas/deals';
import { useLiveCache } from '@/lib/swr/deal-cache';
import { useProposals } from '@/lib/swr/use-proposals';
import { formatShortTime } from '@/lib/times';

type Props = {
  me: string;
  prefix: Prefix;
  role: 'sent' | 'received';
  fallback: Record<string, unknown>;
  cityNames: Record<string, string>;
};

/** The proposals a member sent or received: each with its listing, the other person, state, amounts and steps. */
export function ProposalsScreen({ fallback, cityNames, ...props }: Props) {
  return (
    <DealScreenData fallback={fallback} cityNames={cityNames}>
      <List {...props} />
    </DealScreenData>
  );
}

function List({ me, prefix, role }: Omit<Props, 'fallback' | 'cityNames'>) {
  const t = useTranslations('Proposals');
  useLiveCache(me);
  const { data } = useProposals({ role });
  if (!data) return <p className="text-muted mt-6">{t('loading')}</p>;
  if (!data.items.length)
    return (
      <div className="mt-6 rounded-2xl border border-dashed border-neutral-300 p-6">
        <p className="font-semibold">{role === 'sent' ? t('emptySent') : t('emptyReceived')}</p>
        <div className="mt-3 flex flex-wrap gap-4">
          <Link href={localPath(prefix, 'colis')} className="text-secondary font-semibold underline">
            {t('browseParcels')}
          </Link>
          <Link href={localPath(prefix, 'trajets')} className="text-secondary font-semibold underline">
            {t('browseTrips')}
          </Link>
        </div>
      </div>
    );
  return <StageTabs me={me} prefix={prefix} items={data.items} />;
}

/** Tabs by stage (to answer, in progress, closed), each with its count; the first one with proposals opens. */
function StageTabs({ me, prefix, items }: { me: string; prefix: Prefix; items: Proposal[] }) {
  const t = useTranslations('Proposals');
  const byStage = Object.fromEntries(
    proposalStages.map((stage) => [stage, items.filter((p) => proposalStage(p) === stage)]),
  ) as Record<ProposalStage, Proposal[]>;
  const [chosen, setChosen] = useState<ProposalStage | null>(null);
  const stage = chosen ?? proposalStages.find((s) => byStage[s].length) ?? 'toAnswer';
  const shown = byStage[stage];
  return (
    <>
      <div role="tablist" aria-label={t('stagesLabel')} className="mt-6 grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
        {proposalStages.map((s) => (
          <button
            key={s}
            id={`stage-${s}`}
            type="button"
            role="tab"
            aria-selected={s === stage}
            aria-controls="stage-panel"
            onClick={() => setChosen(s)}
            className={`inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border px-2 text-sm font-semibold sm:gap-2 sm:px-4 ${s === stage ? 'border-secondary bg-secondary text-white' : 'text-secondary hover:bg-secondary-light border-neutral-300'}`}
          >
            {t(`stages.${s}`)}
            <span
              dir="ltr"
              className={`rounded-full px-2 text-xs leading-5 ${s === stage ? 'text-secondary bg-white' : 'bg-neutral-100'}`}
            >
              {byStage[s].length}
            </span>
          </button>
        ))}
      </div>
      <div id="stage-panel" role="tabpanel" aria-labelledby={`stage-${stage}`}>
        {shown.length ? (
          <ul className="mt-4 grid gap-4 lg:grid-cols-2">
            {shown.map((proposal) => (
              <li key={proposal.id}>
                <ProposalCard me={me} prefix={prefix} proposal={proposal} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted mt-4 rounded-2xl border border-dashed border-neutral-300 p-6">
            {t(`stagesEmpty.${stage}`)}
          </p>
        )}
      </div>
    </>
  );
}

function ProposalCard({ me, prefix, proposal }: { me: string; prefix: Prefix; proposal: Proposal }) {
  const t = useTranslations('Proposals');
  const locale = useLocale() as Locale;
  const local = useHydrated();
  const city = useCityName();
  const { listing } = proposal;
  const other = proposal.role === 'owner' ? proposal.proposer : proposal.owner;
  const route = t(listing.kind === 'package' ? 'aboutPackage' : 'aboutTravel', {
    from: city(listing.from),
    to: city(listing.to),
  });
  return (
    <article className="flex h-full flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-lg font-bold">
          <Link href={localPath(prefix, listingPath(listing))} className="text-secondary underline">
            {route}
          </Link>
        </h2>
        <time dateTime={proposal.updatedAt} className="text-muted ms-auto text-xs">
          {formatShortTime(proposal.updatedAt, locale, local)}
        </time>
      </div>
      <p className="text-muted -mt-2 text-sm">
        {proposal.role === 'owner' ? t('from', { name: other.firstname }) : t('to', { name: other.firstname })}
      </p>
      <DealPanel
        me={me}
        proposal={proposal}
        listing={listing}
        canPropose={false}
        headingLevel={3}
        region={false}
        extra={
          <Link
            href={`${localPath(prefix, 'messagerie')}?conversation=${encodeURIComponent(proposal.conversationId)}`}
            prefetch={false}
            className="text-secondary ms-auto text-sm font-semibold underline"
          >
            {t('conversation')}
          </Link>
        }
      />
    </article>
  );
}
