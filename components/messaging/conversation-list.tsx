'use client';
import { useEffect, useRef } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useCityName } from '@/components/deals/city-names';
import { useHydrated } from '@/lib/client/use-hydrated';
import { badgeText } from '@/lib/badge';
import type { Locale, Prefix } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import type { ConversationSummary } from '@/lib/schemas/deals';
import { formatShortTime } from '@/lib/times';
import { useMessageText } from './message-text';

type Props = {
  me: string;
  prefix: Prefix;
  items: ConversationSummary[];
  selected: string | null;
  onSelect: (id: string) => void;
};

/** The first letter of a name, for its round badge. */
export function Initial({ name, className = '' }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`bg-secondary-light text-secondary flex size-11 shrink-0 items-center justify-center rounded-full text-lg font-bold ${className}`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function Entry({
  me,
  prefix,
  conversation,
  current,
  onSelect,
}: Omit<Props, 'items' | 'selected'> & {
  conversation: ConversationSummary;
  current: boolean;
}) {
  const t = useTranslations('Messaging');
  const locale = useLocale() as Locale;
  const local = useHydrated();
  const city = useCityName();
  const text = useMessageText(conversation, me);
  const { listing, lastMessage, unread } = conversation;
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (current) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  const href = `${localPath(prefix, 'messagerie')}?conversation=${encodeURIComponent(conversation.id)}`;
  return (
    <Link
      ref={ref}
      href={href}
      prefetch={false}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onSelect(conversation.id);
      }}
      className={`flex items-start gap-3 rounded-xl px-3 py-3 hover:bg-neutral-50 ${current ? 'bg-secondary-light hover:bg-secondary-light' : ''}`}
    >
      <Initial name={conversation.counterpart.firstname} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline gap-2">
          <bdi className={`truncate ${unread ? 'font-extrabold' : 'font-semibold'}`}>
            {conversation.counterpart.firstname}
          </bdi>
          <time dateTime={conversation.lastMessageAt} className="text-muted ms-auto shrink-0 text-xs">
            {formatShortTime(conversation.lastMessageAt, locale, local)}
          </time>
        </span>
        <span className="text-secondary truncate text-xs font-semibold">
          {t(listing.kind === 'package' ? 'aboutPackage' : 'aboutTravel', {
            from: city(listing.from),
            to: city(listing.to),
          })}
        </span>
        <span className="flex items-center gap-2">
          <span dir="auto" className={`truncate text-sm ${unread ? 'text-ink font-semibold' : 'text-muted'}`}>
            {lastMessage ? text(lastMessage) : ''}
          </span>
          {unread ? (
            <>
              <span
                aria-hidden="true"
                dir="ltr"
                className="bg-primary text-ink ms-auto inline-flex min-w-5 shrink-0 items-center justify-center rounded-full px-1.5 text-xs leading-5 font-bold"
              >
                {badgeText(unread)}
              </span>
              <span className="sr-only">{t('unread', { count: unread })}</span>
            </>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

/** The inbox: the other person, the listing's route, the last message, the unread count; newest first. */
export function ConversationList({ me, prefix, items, selected, onSelect }: Props) {
  const t = useTranslations('Messaging');
  if (!items.length)
    return (
      <div className="flex flex-col gap-3 p-4">
        <p className="font-semibold">{t('emptyTitle')}</p>
        <p className="text-muted text-sm">{t('emptyText')}</p>
        <div className="flex flex-wrap gap-2">
          <Link href={localPath(prefix, 'colis')} className="text-secondary text-sm font-semibold underline">
            {t('browseParcels')}
          </Link>
          <Link href={localPath(prefix, 'trajets')} className="text-secondary text-sm font-semibold underline">
            {t('browseTrips')}
          </Link>
        </div>
      </div>
    );
  return (
    <ul className="flex flex-col gap-1 p-2">
      {items.map((conversation) => (
        <li key={conversation.id}>
          <Entry
            me={me}
            prefix={prefix}
            conversation={conversation}
            current={conversation.id === selected}
            onSelect={onSelect}
          />
        </li>
      ))}
    </ul>
  );
}
