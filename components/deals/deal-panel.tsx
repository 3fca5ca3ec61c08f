'use client';
import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import {
  hasEnded,
  isDeal,
  isOpenStatus,
  type ListingStatus,
  type ProposalAction,
  type ProposalStatus,
} from '@/lib/domain';
import { errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { useSessionUser } from '@/lib/client/use-session-user';
import type { Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { formatPrice } from '@/lib/intl-format';
import type { Proposal } from '@/lib/schemas/deals';
import { useDealCache } from '@/lib/swr/deal-cache';
import { AmountForm, type PricedListing } from './amount-form';
import { ParcelSummary, type ParcelPayload } from './parcel-fields';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ContactButtons } from './contact-buttons';
import { CodeForm, HandoverCodes } from './handover';
import { FormAlert } from '@/components/forms/form-parts';

export type DealListing = PricedListing & { id: string; status: ListingStatus };

const statusStyle: Record<ProposalStatus, string> = {
  pending: 'bg-primary-light text-primary-dark',
  accepted: 'bg-green-100 text-green-900',
  in_transit: 'bg-secondary-light text-secondary',
  delivered: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
  cancelled: 'bg-neutral-200 text-neutral-800',
};

export function ProposalBadge({ status }: { status: ProposalStatus }) {
  const t = useTranslations('Deal');
  return <span className={`badge whitespace-nowrap ${statusStyle[status]}`}>{t(`status.${status}`)}</span>;
}

/** Why the contact buttons are off: no deal yet, a closed listing, no verified number. */
export function contactReason(proposal: Proposal | null, listing: { status: ListingStatus }) {
  if (proposal?.contact?.phone) return null;
  if (proposal && isDeal(proposal.status)) return proposal.contact ? 'contactNoPhone' : 'contactExpired';
  return listing.status === 'expired' ? 'contactExpired' : 'contactLocked';
}

type Confirmable = 'accept' | 'decline' | 'cancel';

type Props = {
  me: string;
  proposal: Proposal | null;
  listing: DealListing;
  /** The viewer writes about someone else's listing: they may propose while there is no proposal. */
  canPropose: boolean;
  /** The form is open from the start (`proposer=1`). */
  proposeOpen?: boolean;
  onProposed?: (proposal: Proposal) => void;
  headingLevel?: 2 | 3;
  /** Shown in the panel's head, after the state (a link to the conversation, for instance). */
  extra?: React.ReactNode;
  /** Classes of the head (title and state), e.g. hidden where a summary above says the same. */
  headClassName?: string;
  /** A region of its own (false in a list of proposals, where each card is one). */
  region?: boolean;
};

/**
 * A proposal as its viewer sees it: its state, the amounts, the steps the API allows them now
 * (`actions`: buttons, confirmations in a dialog, amount and code forms), the sender's handover
 * codes, and WhatsApp, call and SMS once it is a deal. Without a proposal: the propose form.
 */
export function DealPanel({
  me,
  proposal,
  listing,
  canPropose,
  proposeOpen = false,
  onProposed,
  headingLevel = 2,
  extra,
  headClassName = '',
  region = true,
}: Props) {
  const t = useTranslations('Deal');
  const locale = useLocale() as Locale;
  const api = useApi();
  const cache = useDealCache(me);
  const headingId = useId();
  const [form, setForm] = useState<'propose' | 'edit' | 'counter' | null>(
    proposeOpen && !proposal && canPropose ? 'propose' : null,
  );
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Root = region ? 'section' : 'div';
  const amounts = useTranslations('Amounts');
  const price = (amount: number) => formatPrice(amount, proposal?.currency ?? listing.currency, locale);
  // A proposal is for the whole parcel: said as a total beside listings' prices per kg.
  const money = (amount: number) => amounts('total', { price: price(amount) });

  const done = (next: Proposal) => {
    cache.applyProposal(next);
    setForm(null);
    setAnnouncement(t('updated', { status: t(`status.${next.status}`) }));
  };
  const step = async (path: string, body?: unknown, method?: string) =>
    done(await api<Proposal>(`proposals/${encodeURIComponent(proposal!.id)}${path}`, body ?? {}, method));

  const confirm = async () => {
    if (!confirming || !proposal) return;
    setPending(true);
    setError(null);
    try {
      await step(`/${confirming}`);
      setConfirming(null);
    } catch (e) {
      setConfirming(null);
      setError(errorText(e));
    } finally {
      setPending(false);
    }
  };

  // A deal shares both phones: proposing and accepting need a verified one (PHONE_NOT_VERIFIED).
  const sessionUser = useSessionUser();
  const phoneMissing = sessionUser !== null && !sessionUser.verifiedPhone;
  const verifyPhone = (
    <div className="bg-primary-light flex flex-col gap-2 rounded-xl p-3 text-sm">
      <p>{t('phoneNeeded')}</p>
      <a href={localPath(locale, 'modifier-telephone')} className="text-secondary w-fit font-semibold underline">
        {t('verifyPhone')}
      </a>
    </div>
  );
  const reason = contactReason(proposal, listing);
  const button = 'min-h-11 rounded-full px-4 text-sm font-semibold disabled:opacity-60';
  const tones = {
    primary: 'bg-secondary hover:bg-secondary-dark text-white',
    outline: 'border-secondary text-secondary hover:bg-secondary-light border',
    danger: 'border border-red-700 text-red-800 hover:bg-red-50',
  };

  // A new proposal; on a trip it says what the parcel is.
  const proposeForm = (
    <AmountForm
      listing={listing}
      withParcel={listing.kind === 'travel'}
      submitLabel={t('sendProposal')}
      onCancel={() => setForm(null)}
      onSubmit={async (amount, parcel?: ParcelPayload) => {
        const made = await api<Proposal>('proposals', {
          listingKind: listing.kind,
          listingId: listing.id,
          amount,
          ...(parcel ? { parcel } : {}),
        });
        done(made);
        onProposed?.(made);
      }}
    />
  );
  // After a declined or cancelled proposal, its maker may try again (the API counts how many times).
  const again =
    proposal !== null &&
    proposal.role === 'proposer' &&
    (proposal.status === 'declined' || proposal.status === 'cancelled') &&
    canPropose &&
    isOpenStatus(listing.status);

  let body: React.ReactNode;
  /** A first proposal, or a new one after a decline: the phone to verify, the form, or the button that opens it. */
  const proposeStart = (label: string) =>
    phoneMissing ? (
      verifyPhone
    ) : form === 'propose' ? (
      proposeForm
    ) : (
      <button
        type="button"
        onClick={() => setForm('propose')}
        className="bg-primary text-ink hover:bg-primary/85 min-h-12 self-start rounded-full px-5 font-semibold"
      >
        {label}
      </button>
    );
  if (!proposal) {
    body = !canPropose ? (
      <p className="text-muted text-sm">{isOpenStatus(listing.status) ? t('noProposal') : t('closed')}</p>
    ) : (
      proposeStart(t('propose'))
    );
  } else {
    const mine = proposal.role;
    const other = mine === 'owner' ? proposal.proposer : proposal.owner;
    const pendingTurn =
      proposal.status === 'pending'
        ? proposal.turn === mine
          ? t('yourTurn')
          : t('theirTurn', { name: other.firstname })
        : null;
    const next =
      proposal.status === 'accepted'
        ? proposal.parcelRole === 'sender'
          ? t('nextSenderAccepted')
          : t('nextCarrierAccepted')
        : proposal.status === 'in_transit'
          ? proposal.parcelRole === 'sender'
            ? t('nextSenderTransit')
            : t('nextCarrierTransit')
          : proposal.status === 'delivered'
            ? t('nextDelivered')
            : null;
    const onTable = proposal.counterAmount ?? proposal.amount;
    const actions = proposal.actions;
    // The buttons of the steps the API allows now: accepting, declining and cancelling are confirmed first.
    const choices: { action: ProposalAction; label: string; tone: keyof typeof tones; onClick: () => void }[] = [
      {
        action: 'accept',
        label: t('acceptAmount', { amount: price(onTable) }),
        tone: 'primary',
        onClick: () => setConfirming('accept'),
      },
      { action: 'counter', label: t('counter'), tone: 'outline', onClick: () => setForm('counter') },
      { action: 'edit', label: t('edit'), tone: 'outline', onClick: () => setForm('edit') },
      { action: 'decline', label: t('decline'), tone: 'danger', onClick: () => setConfirming('decline') },
      {
        action: 'cancel',
        label: isDeal(proposal.status) ? t('cancelDeal') : t('cancel'),
        tone: 'danger',
        onClick: () => setConfirming('cancel'),
      },
    ];
    body = (
      <>
        <ul className="flex flex-col gap-1 text-sm">
          <li>
            {mine === 'proposer'
              ? t('proposedByYou', { amount: money(proposal.amount) })
              : t('proposedBy', { name: other.firstname, amount: money(proposal.amount) })}
          </li>
          {proposal.counterAmount !== null ? (
            <li>
              {mine === 'owner'
                ? t('counterByYou', { amount: money(proposal.counterAmount) })
                : t('counterBy', { name: other.firstname, amount: money(proposal.counterAmount) })}
            </li>
          ) : null}
          {proposal.agreedAmount !== null ? (
            <li className="text-base font-bold">{t('agreed', { amount: money(proposal.agreedAmount) })}</li>
          ) : null}
        </ul>
        {proposal.parcel ? <ParcelSummary parcel={proposal.parcel} /> : null}
        {pendingTurn || next ? <p className="text-sm font-semibold">{pendingTurn ?? next}</p> : null}
        {phoneMissing && actions.includes('accept') ? verifyPhone : null}
        {again ? proposeStart(t('proposeAgain')) : null}
        {form === 'edit' || form === 'counter' ? (
          <AmountForm
            listing={listing}
            initial={form === 'edit' ? proposal.amount : undefined}
            submitLabel={form === 'edit' ? t('saveEdit') : t('sendCounter')}
            onCancel={() => setForm(null)}
            onSubmit={(amount) => (form === 'edit' ? step('', { amount }, 'PUT') : step('/counter', { amount }))}
          />
        ) : actions.some((a) => a !== 'pickup' && a !== 'deliver') ? (
          <div className="flex flex-wrap gap-2">
            {choices
              .filter((choice) => actions.includes(choice.action))
              .map((choice) => (
                <button
                  key={choice.action}
                  type="button"
                  onClick={choice.onClick}
                  className={`${button} ${tones[choice.tone]}`}
                >
                  {choice.label}
                </button>
              ))}
          </div>
        ) : null}
        {actions.includes('pickup') ? <CodeForm step="pickup" onSubmit={(code) => step('/pickup', { code })} /> : null}
        {actions.includes('deliver') ? (
          <CodeForm step="deliver" onSubmit={(code) => step('/deliver', { code })} />
        ) : null}
        <HandoverCodes proposal={proposal} />
        <ConfirmDialog
          open={confirming !== null}
          pending={pending}
          danger={confirming !== 'accept'}
          title={
            confirming === 'accept'
              ? t('acceptTitle')
              : confirming === 'decline'
                ? t('declineTitle')
                : isDeal(proposal.status)
                  ? t('cancelDealTitle')
                  : t('cancelTitle')
          }
          confirmLabel={t('confirmYes')}
          cancelLabel={t('confirmNo')}
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
        >
          <p>
            {confirming === 'accept'
              ? t('acceptText', { amount: money(onTable) })
              : confirming === 'decline'
                ? t('declineText')
                : t('cancelText')}
          </p>
        </ConfirmDialog>
      </>
    );
  }

  return (
    <Root aria-labelledby={region ? headingId : undefined} className="flex flex-col gap-3">
      <div className={`flex flex-wrap items-center gap-2 ${headClassName}`}>
        <Heading id={headingId} className="text-secondary font-bold">
          {t('title')}
        </Heading>
        {proposal ? <ProposalBadge status={proposal.status} /> : null}
        {extra}
      </div>
      <FormAlert message={error} />
      {body}
      {/* A proposal that ended leads to no contact: no buttons, not even disabled ones. */}
      {proposal && hasEnded(proposal.status) ? null : (
        <ContactButtons phone={proposal?.contact?.phone ?? null} reason={reason ? t(reason) : null} />
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </Root>
  );
}
