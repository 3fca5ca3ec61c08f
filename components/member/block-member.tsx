'use client';
import { useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { toast } from '@/lib/client/toast';
import { useRowAction } from './row-action';
import type { BlockedMembers } from '@/lib/schemas/member';

/** PUT or DELETE /users/{userId}/block; answers whether the member is blocked now. */
export function useBlock() {
  const api = useApi();
  return (userId: string, blocked: boolean) =>
    api<{ blocked: boolean }>(`users/${encodeURIComponent(userId)}/block`, undefined, blocked ? 'PUT' : 'DELETE');
}

/** The confirmation before blocking: what a block does, and where to undo it. */
export function BlockDialog({
  open,
  name,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('Blocks');
  return (
    <ConfirmDialog
      open={open}
      title={t('title', { name })}
      confirmLabel={t('confirm')}
      cancelLabel={t('cancel')}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{t('explanation', { name })}</p>
      <p className="text-muted text-sm">{t('undo')}</p>
    </ConfirmDialog>
  );
}

/**
 * The conversation header's menu: block the other person (after the dialog) or unblock them.
 * `onChange` gets the new state once the API answered.
 */
export function ConversationMenu({
  userId,
  name,
  blocked,
  onChange,
}: {
  userId: string;
  name: string;
  blocked: boolean;
  onChange: (blocked: boolean) => void;
}) {
  const t = useTranslations('Blocks');
  const block = useBlock();
  const menu = useRef<HTMLDetailsElement>(null);
  const [dialog, setDialog] = useState(false);
  const [pending, setPending] = useState(false);
  const apply = async (next: boolean) => {
    setPending(true);
    try {
      const answer = await block(userId, next);
      setDialog(false);
      onChange(answer.blocked);
      toast(t(answer.blocked ? 'done' : 'undone', { name }), 'success');
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <details ref={menu} data-menu className="relative ms-auto">
        <summary
          aria-label={t('menu')}
          className="hover:bg-secondary-light flex size-11 cursor-pointer list-none items-center justify-center rounded-full text-xl leading-none font-bold"
        >
          <span aria-hidden="true">⋮</span>
        </summary>
        <ul className="absolute end-0 z-40 mt-1 min-w-48 rounded-lg border border-neutral-200 bg-white p-1 shadow-lg">
          <li>
            <button
              type="button"
              disabled={pending}
              onClick={() => {
                menu.current?.removeAttribute('open');
                if (blocked) void apply(false);
                else setDialog(true);
              }}
              className={`block w-full rounded-md px-3 py-2 text-start text-sm font-semibold hover:bg-neutral-50 ${blocked ? 'text-secondary' : 'text-red-800'}`}
            >
              {t(blocked ? 'unblock' : 'block', { name })}
            </button>
          </li>
        </ul>
      </details>
      <BlockDialog
        open={dialog}
        name={name}
        pending={pending}
        onConfirm={() => void apply(true)}
        onClose={() => setDialog(false)}
      />
    </>
  );
}

/** parametres: the members blocked, each with its unblock button. */
export function BlockedList({ items }: { items: BlockedMembers['items'] }) {
  const t = useTranslations('Blocks');
  const block = useBlock();
  const { busy, run } = useRowAction();
  if (!items.length) return <p className="text-muted">{t('none')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-neutral-100">
      {items.map((member) => {
        const name = `${member.firstname} ${member.lastname}`;
        return (
          <li key={member.userId} className="flex flex-wrap items-center gap-3 py-3">
            <p className="min-w-0 flex-1 font-semibold">
              <bdi>{name}</bdi>
            </p>
            <button
              type="button"
              disabled={busy === member.userId}
              aria-label={t('unblock', { name })}
              onClick={() => run(member.userId, () => block(member.userId, false), t('undone', { name }))}
              className="border-secondary text-secondary hover:bg-secondary-light inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold disabled:opacity-60"
            >
              {t('unblockShort')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
