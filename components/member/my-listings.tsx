'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { badgeClass } from '@/components/listings/status-badge-class';
import { ApiError, errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { toast } from '@/lib/client/toast';
import type { ListingKind, ListingStatus } from '@/lib/domain';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** A listing of mes-colis or mes-trajets, every text already in the page's language. */
export type MyListingView = {
  kind: ListingKind;
  id: string;
  href: string;
  route: string;
  name: string | null;
  status: ListingStatus;
  statusLabel: string;
  /** Why it is out of every list (moderation), or null. */
  hiddenNote: string | null;
  dates: string;
  price: string;
  facts: string[];
  /** Its views (all time, the last 7 days), favourites and share clicks. */
  reach: string[];
  activity: string[];
  proposals: { id: string; name: string; href: string; amount: string; status: string }[];
  changes: { status: ListingStatus; label: string }[];
  /** modifier-colis/{id}, and publier-colis?from={id} (a copy without dates). */
  editHref: string;
  duplicateHref: string;
};

const collections = { package: 'packages', travel: 'travels' } as const;

/** The member's listings, their status changes and deletion (behind a confirmation). */
export function MyListings({
  kind,
  items,
  appHref,
  publishHref,
  proposalsHref,
  messagingHref,
}: {
  kind: ListingKind;
  items: MyListingView[];
  appHref: string;
  publishHref: string;
  proposalsHref: string | null;
  messagingHref: string | null;
}) {
  const t = useTranslations('MyListings');
  const api = useApi();
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MyListingView | null>(null);

  const fail = (error: unknown) => toast(errorText(error), 'error');

  const changeStatus = async (item: MyListingView, status: ListingStatus) => {
    setBusy(item.id);
    try {
      await api(`${collections[kind]}/${encodeURIComponent(item.id)}/status`, { status });
      // Closing early is one of the specification's toasts (section 8): "closed".
      toast(status === 'expired' && item.status !== 'expired' ? t('closed') : t('statusChanged'), 'success');
      router.refresh();
    } catch (error) {
      if (status === 'expired' && !(error instanceof ApiError && error.code !== 'INTERNAL_ERROR'))
        toast(t('closeFailed'), 'error');
      else fail(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(deleting.id);
    try {
      await api(`${collections[kind]}/${encodeURIComponent(deleting.id)}`, undefined, 'DELETE');
      toast(t('deleted'), 'success');
      setDeleting(null);
      router.refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  if (!items.length)
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-neutral-300 p-8 text-center">
        <p className="text-secondary text-xl font-bold">{t(`${kind}.empty`)}</p>
        <p className="text-muted mx-auto mt-2 max-w-xl">{t('emptyText')}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Link
            href={publishHref}
            className="bg-secondary inline-flex min-h-11 items-center rounded-full px-5 font-semibold text-white"
          >
            {t(`${kind}.publish`)}
          </Link>
          <Link
            href={appHref}
            className="border-secondary text-secondary inline-flex min-h-11 items-center rounded-full border px-5 font-semibold"
          >
            {t('publishInApp')}
          </Link>
        </div>
      </div>
    );

  const small = 'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold';
  return (
    <>
      <ul className="mt-8 flex flex-col gap-4">
        {items.map((item) => (
          <li key={item.id}>
            <article
              aria-labelledby={`listing-${item.id}`}
              className="rounded-2xl border border-neutral-200 bg-white p-5"
            >
              <div className="flex flex-wrap items-center gap-3">
                <span className={badgeClass(item.status)}>{item.statusLabel}</span>
                <h2 id={`listing-${item.id}`} className="text-lg font-bold">
                  <Link href={item.href} className="hover:underline">
                    {item.route}
                  </Link>
                </h2>
                <p className="text-secondary ms-auto font-extrabold">{item.price}</p>
              </div>
              {item.hiddenNote ? (
                <p className="mt-3 rounded-lg border-s-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  {item.hiddenNote}
                </p>
              ) : null}
              {item.name ? <p className="mt-1">{item.name}</p> : null}
              <p className="text-muted mt-1 text-sm">{item.dates}</p>
              <p className="text-muted mt-1 text-sm">{item.facts.join(' · ')}</p>
              <p className="mt-2 flex flex-wrap items-center gap-x-2 text-sm">
                <span className="sr-only">{t('reach')}</span>
                {item.reach.map((text, i) => (
                  <span key={text} className={i === 0 ? 'font-semibold' : undefined}>
                    <span>{text}</span>
                    {/* After each figure, so that a line that wraps ends with it rather than starts with it. */}
                    {i < item.reach.length - 1 ? (
                      <span aria-hidden="true" className="font-normal">
                        {' ·'}
                      </span>
                    ) : null}
                  </span>
                ))}
              </p>
              <p className="mt-3 flex flex-wrap gap-2 text-sm">
                {item.activity.map((text, i) => {
                  const target = i === 0 ? proposalsHref : messagingHref;
                  const chip = 'bg-secondary-light text-secondary rounded-full px-3 py-1 font-semibold';
                  return target ? (
                    <Link key={text} href={target} className={`${chip} underline`}>
                      {text}
                    </Link>
                  ) : (
                    <span key={text} className={chip}>
                      {text}
                    </span>
                  );
                })}
              </p>
              {item.proposals.length ? (
                <details className="mt-3">
                  <summary className="text-secondary cursor-pointer text-sm font-semibold underline">
                    {t('showProposals')}
                  </summary>
                  <ul className="mt-2 flex flex-col divide-y divide-neutral-100 text-sm">
                    {item.proposals.map((p) => (
                      <li key={p.id} className="flex flex-wrap items-center gap-2 py-2">
                        <Link href={p.href} className="font-semibold underline">
                          <bdi>{p.name}</bdi>
                        </Link>
                        <span>{p.amount}</span>
                        <span className="text-muted ms-auto">{p.status}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <div className="mt-4 flex flex-wrap gap-2 border-t border-neutral-100 pt-4">
                {item.changes.map((change) => (
                  <button
                    key={change.status}
                    type="button"
                    disabled={busy === item.id}
                    onClick={() => changeStatus(item, change.status)}
                    className={`${small} border-secondary text-secondary hover:bg-secondary-light disabled:opacity-60`}
                  >
                    {change.label}
                  </button>
                ))}
                <Link href={item.editHref} className={`${small} border-neutral-300 hover:bg-neutral-50`}>
                  {t('edit')}
                </Link>
                <Link href={item.duplicateHref} className={`${small} border-neutral-300 hover:bg-neutral-50`}>
                  {t('duplicate')}
                </Link>
                <button
                  type="button"
                  disabled={busy === item.id}
                  onClick={() => setDeleting(item)}
                  className={`${small} ms-auto border-red-700 text-red-800 hover:bg-red-50 disabled:opacity-60`}
                >
                  {t('delete')}
                </button>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={t(`${kind}.deleteTitle`)}
        confirmLabel={t('deleteConfirm')}
        cancelLabel={t('cancel')}
        pending={busy !== null}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      >
        <p>{deleting ? t('deleteText', { route: deleting.route }) : null}</p>
        {kind === 'package' ? <p className="text-muted text-sm">{t('deletePhotos')}</p> : null}
      </ConfirmDialog>
    </>
  );
}
