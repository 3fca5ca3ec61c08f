'use client';
import Link from 'next/link';
import type { ComponentType } from 'react';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { SWRConfig } from 'swr';
import { DealPanel, type DealListing } from '@/components/deals/deal-panel';
import { ApiError } from '@/lib/client/api';
import { isOpenStatus } from '@/lib/domain';
import type { Locale, Prefix } from '@/lib/i18n/locales';
import { loadCatalogue, type Messages } from '@/lib/i18n/catalogues';
import { localPath } from '@/lib/i18n/paths';
import { useLiveCache } from '@/lib/swr/deal-cache';
import { useMemberSwr } from '@/lib/swr/fetcher';
import { useProposals } from '@/lib/swr/use-proposals';

export type MemberDealProps = {
  me: string;
  locale: Locale;
  prefix: Prefix;
  /** `colis` or `trajet`: the query key of messagerie's deep link. */
  segment: string;
  listing: DealListing;
};

/**
 * The detail page's contact card for a signed-in member, loaded only for them
 * (components/listings/contact-actions.tsx), with the texts of the page's language: the message
 * file comes with it (members only, once), so that the cached page carries none of them.
 */
export async function load(
  prefix: Prefix,
  done: (component: () => ComponentType<MemberDealProps>) => void,
): Promise<void> {
  const all = await loadCatalogue(prefix);
  const messages: DealTexts = {
    Deal: all.Deal,
    ParcelSizes: all.ParcelSizes,
    Amounts: all.Amounts,
    Validation: all.Validation,
    Errors: all.Errors,
  };
  const Loaded = (props: MemberDealProps) => <MemberDeal {...props} messages={messages} />;
  done(() => Loaded);
}

type DealTexts = Pick<Messages, 'Deal' | 'ParcelSizes' | 'Amounts' | 'Validation' | 'Errors'>;

/** Their proposal on this listing and its state in place of the propose button, else the propose
 * form; the conversation; contact buttons once a deal. */
function MemberDeal({ messages, ...props }: MemberDealProps & { messages: DealTexts }) {
  return (
    <NextIntlClientProvider locale={props.locale} messages={messages}>
      <WithFetcher {...props} />
    </NextIntlClientProvider>
  );
}

function WithFetcher(props: MemberDealProps) {
  const swr = useMemberSwr();
  return (
    <SWRConfig value={swr}>
      <Deal {...props} />
    </SWRConfig>
  );
}

function Deal({ me, prefix, segment, listing }: MemberDealProps) {
  const t = useTranslations('Deal');
  useLiveCache(me);
  const { data, error } = useProposals({ listingKind: listing.kind, listingId: listing.id });
  const mine = data?.items.find((p) => p.role === 'proposer') ?? null;
  const messagerie = localPath(prefix, 'messagerie');
  const conversation = mine
    ? `${messagerie}?conversation=${encodeURIComponent(mine.conversationId)}`
    : `${messagerie}?${segment}=${encodeURIComponent(listing.id)}`;
  if (!data)
    return error ? (
      <p role="alert" className="text-sm text-red-800">
        {error instanceof ApiError ? error.message : String(error)}
      </p>
    ) : (
      <p className="text-muted text-sm">{t('loading')}</p>
    );
  return (
    <div className="flex flex-col gap-4">
      <DealPanel
        me={me}
        proposal={mine}
        listing={listing}
        canPropose={!mine && isOpenStatus(listing.status)}
        headingLevel={3}
      />
      {mine || isOpenStatus(listing.status) ? (
        <Link
          href={conversation}
          prefetch={false}
          className="border-secondary text-secondary hover:bg-secondary-light flex min-h-12 items-center justify-center rounded-full border px-5 font-semibold"
        >
          {mine ? t('openConversation') : t('message')}
        </Link>
      ) : null}
    </div>
  );
}
