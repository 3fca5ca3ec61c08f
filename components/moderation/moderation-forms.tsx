'use client';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { ApiError, errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { toast } from '@/lib/client/toast';
import type { ListingKind } from '@/lib/domain';
import type { listingActions, memberActions } from '@/lib/schemas/moderation';

// The moderation screens' forms: each posts one action with its reason, shows the refusal beside
// the field, and renders the record again.

const button =
  'bg-secondary hover:bg-secondary-dark min-h-11 rounded-full px-5 font-semibold text-white disabled:opacity-70';
const quiet =
  'border-secondary text-secondary hover:bg-secondary-light min-h-11 rounded-full border px-5 font-semibold disabled:opacity-70';
const input =
  'focus:border-secondary rounded-lg border border-neutral-300 bg-white px-3 py-2 text-base aria-[invalid]:border-red-700';

function useAction() {
  const api = useApi();
  const router = useRouter();
  const t = useTranslations('Moderation');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const run = async (path: string, body: unknown) => {
    setPending(true);
    setError(null);
    try {
      await api(path, body);
      toast(t('done'), 'success');
      router.refresh();
      return true;
    } catch (err) {
      const field = err instanceof ApiError ? Object.keys(err.fields)[0] : undefined;
      setError({ field, message: field && err instanceof ApiError ? err.fields[field]! : errorText(err) });
      return false;
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
}

function Reason({ label, error, name = 'reason' }: { label: string; error: string | undefined; name?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={2}
        maxLength={1000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={input}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Dismiss, warn, suspend, lift a suspension or clear the flag: the actions the member's state allows. */
export function MemberActionForm({
  userId,
  actions,
}: {
  userId: string;
  actions: readonly (typeof memberActions)[number][];
}) {
  const t = useTranslations('Moderation');
  const { pending, error, run } = useAction();
  const id = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (await run(`moderation/members/${userId}/actions`, { action: data.get('action'), reason: data.get('reason') }))
      form.reset();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={t('actionsTitle')}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold">
          {t('actionLabel')}
        </label>
        <select id={id} name="action" className={`${input} min-h-11`}>
          {actions.map((action) => (
            <option key={action} value={action}>
              {t(`actions.${action}`)}
            </option>
          ))}
        </select>
      </div>
      <Reason label={t('reasonLabel')} error={error?.field === 'reason' ? error.message : undefined} />
      {error && error.field !== 'reason' ? (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={`${button} w-fit`}>
        {t('submit')}
      </button>
    </form>
  );
}

/** Hide a listing (or show it again), with a reason. */
export function ListingActionForm({
  kind,
  id,
  action,
}: {
  kind: ListingKind;
  id: string;
  action: (typeof listingActions)[number];
}) {
  const t = useTranslations('Moderation');
  const { pending, error, run } = useAction();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = new FormData(event.currentTarget).get('reason');
    await run(`moderation/listings/${id}/actions`, { kind, action, reason });
  };
  // Folded: a record lists many listings, and a reason is typed for one at a time.
  return (
    <details className="mt-2">
      <summary className="text-secondary cursor-pointer text-sm font-semibold">{t(`actions.${action}`)}</summary>
      <form onSubmit={submit} className="mt-2 flex flex-col gap-2">
        <Reason label={t('reasonLabel')} error={error?.message} />
        <button type="submit" disabled={pending} className={`${quiet} w-fit`}>
          {t(`actions.${action}`)}
        </button>
      </form>
    </details>
  );
}

/** Approve an identity check, or refuse it with a reason shown to the member. */
export function IdentityDecisionForm({ checkId }: { checkId: string }) {
  const t = useTranslations('Moderation');
  const { pending, error, run } = useAction();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const reason = new FormData(event.currentTarget).get('reason');
    await run(`moderation/identity/${checkId}/decision`, { decision: submitter?.value ?? 'approve', reason });
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
      <Reason label={t('refuseReason')} error={error?.message} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="decision" value="approve" disabled={pending} className={button}>
          {t('approve')}
        </button>
        <button type="submit" name="decision" value="refuse" disabled={pending} className={quiet}>
          {t('refuse')}
        </button>
      </div>
    </form>
  );
}
