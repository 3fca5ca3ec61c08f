'use client';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useSWRConfig } from 'swr';
import { useCityName } from '@/components/deals/city-names';
import { DealPanel, ProposalBadge } from '@/components/deals/deal-panel';
import { ArrowIcon } from '@/components/ui/icons';
import { errorText } from '@/lib/client/api';
import { markRead, showConversation } from '@/lib/client/live';
import { useApi, useUpload } from '@/lib/client/use-api';
import { useHydrated } from '@/lib/client/use-hydrated';
import { isOpenStatus } from '@/lib/domain';
import type { Locale, Prefix } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { formatPrice } from '@/lib/intl-format';
import { listingPath } from '@/lib/routes';
import type { Conversation, ConversationSummary, Message, Proposal } from '@/lib/schemas/deals';
import type { ListingSummary } from '@/lib/schemas/listings';
import { useDealCache } from '@/lib/swr/deal-cache';
import { mergeMessages } from '@/lib/swr/messages';
import { conversationKey, inboxKey } from '@/lib/swr/keys';
import { useConversation } from '@/lib/swr/use-conversation';
import { formatMessageTime } from '@/lib/times';
import { ConversationMenu } from '@/components/member/block-member';
import { Composer } from './composer';
import { Initial } from './conversation-list';
import { useMessageText } from './message-text';
import { groupProposalRuns } from './proposal-runs';

/** The head of a conversation: back to the list (phones), the other person, the listing. */
function Head({
  prefix,
  name,
  listing,
  onBack,
  menu,
}: {
  prefix: Prefix;
  name: string;
  listing: ListingSummary;
  onBack: () => void;
  menu?: ReactNode;
}) {
  const t = useTranslations('Messaging');
  const city = useCityName();
  const list = localPath(prefix, 'messagerie');
  return (
    <header className="flex items-center gap-3 border-b border-neutral-200 p-3 lg:col-span-2">
      <a
        href={list}
        onClick={(event) => {
          event.preventDefault();
          onBack();
        }}
        className="hover:bg-secondary-light -m-1 flex size-11 shrink-0 items-center justify-center rounded-full md:hidden"
        aria-label={t('backToList')}
      >
        <ArrowIcon className="rotate-180" />
      </a>
      <Initial name={name} />
      <div className="min-w-0">
        <h2 className="text-lg leading-tight font-bold">
          <bdi>{name}</bdi>
        </h2>
        <Link
          href={localPath(prefix, listingPath(listing))}
          className="text-secondary block truncate text-sm font-semibold underline"
        >
          {t(listing.kind === 'package' ? 'aboutPackage' : 'aboutTravel', {
            from: city(listing.from),
            to: city(listing.to),
          })}
        </Link>
      </div>
      {menu}
    </header>
  );
}

const wideQuery = '(min-width: 64rem)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(wideQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * The deal beside the messages from `lg` up, always open; above them on smaller screens, folded
 * unless something waits for the viewer.
 */
function DealFold({ proposal, open, children }: { proposal: Proposal | null; open: boolean; children: ReactNode }) {
  const t = useTranslations('Deal');
  const amounts = useTranslations('Amounts');
  const locale = useLocale() as Locale;
  const [expanded, setExpanded] = useState(open);
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(wideQuery).matches,
    () => false,
  );
  const amount = proposal ? (proposal.agreedAmount ?? proposal.counterAmount ?? proposal.amount) : null;
  return (
    <div className="border-b border-neutral-200 lg:col-start-2 lg:row-start-2 lg:overflow-y-auto lg:border-s lg:border-b-0">
      <details
        className="deal-fold"
        open={expanded || wide}
        onToggle={(event) => setExpanded((event.currentTarget as HTMLDetailsElement).open)}
      >
        <summary className="flex min-h-12 cursor-pointer items-center gap-2 px-4 py-2 font-semibold lg:hidden">
          {t('title')}
          {proposal ? <ProposalBadge status={proposal.status} /> : null}
          {proposal && amount !== null ? (
            <span className="text-muted truncate text-sm whitespace-nowrap">
              {amounts('total', { price: formatPrice(amount, proposal.currency, locale) })}
            </span>
          ) : null}
          <span aria-hidden="true" className="i i-chevron-down ms-auto size-5" />
        </summary>
        {/* On a phone the messages keep at least half of the screen. */}
        <div className="max-h-[45dvh] overflow-y-auto px-4 pb-4 lg:max-h-none lg:overflow-visible lg:pt-4">
          {children}
        </div>
      </details>
    </div>
  );
}

function MessageItem({
  message,
  me,
  name,
  text,
  changes = 0,
}: {
  message: Message;
  me: string;
  name: string;
  text: (m: Message) => string;
  /** Times the amount changed in this run of proposals (./proposal-runs.ts). */
  changes?: number;
}) {
  const t = useTranslations('Messaging');
  const locale = useLocale() as Locale;
  const local = useHydrated();
  const time = <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, locale, local)}</time>;
  if (message.kind !== 'text')
    return (
      <li className="my-1 flex flex-col items-center gap-0.5 text-center">
        <p className="bg-primary-light text-ink rounded-full px-3 py-1 text-sm font-semibold">{text(message)}</p>
        <p className="text-muted text-xs">
          {changes ? <>{t('amountChanged', { count: changes })} · </> : null}
          {time}
        </p>
      </li>
    );
  const mine = message.senderId === me;
  const image = message.image;
  const scale = image ? Math.min(1, 240 / Math.max(image.width, image.height)) : 1;
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`flex max-w-[85%] flex-col gap-2 rounded-2xl px-3 py-2 ${mine ? 'bg-secondary rounded-ee-sm text-white' : 'text-ink rounded-es-sm bg-neutral-100'}`}
      >
        <span className="sr-only">{mine ? t('you') : name}</span>
        {image ? (
          <a href={image.url} target="_blank" rel="noopener" className="block">
            {/* eslint-disable-next-line @next/next/no-img-element -- a private photo, served to the two participants only */}
            <img
              src={image.url}
              alt={mine ? t('photoAltYou') : t('photoAlt', { name })}
              width={Math.round(image.width * scale)}
              height={Math.round(image.height * scale)}
              loading="lazy"
              decoding="async"
              className="rounded-lg bg-neutral-200 object-cover"
            />
            <span className="sr-only">{t('openPhoto')}</span>
          </a>
        ) : null}
        {message.body ? (
          <p dir="auto" className="break-words whitespace-pre-wrap">
            {message.body}
          </p>
        ) : null}
      </div>
      <p className="text-muted mt-0.5 flex gap-1.5 px-1 text-xs">
        {time}
        {mine ? (
          <span className={message.status === 'read' ? 'text-secondary font-semibold' : ''}>
            · {t(`status.${message.status}`)}
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** The messages of a conversation, oldest first, the older ones on request, and the composer. */
function Thread({
  conversation,
  me,
  composer,
  children,
}: {
  conversation: Pick<ConversationSummary, 'role' | 'counterpart'> & Partial<Conversation>;
  me: string;
  composer: ReactNode;
  children?: ReactNode;
}) {
  const t = useTranslations('Messaging');
  const api = useApi();
  const cache = useDealCache(me);
  const text = useMessageText(conversation, me);
  const messages = useMemo(() => conversation.messages ?? [], [conversation.messages]);
  const name = conversation.counterpart.firstname;
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const keepFrom = useRef<number | null>(null);
  const lastId = useRef<string | null>(null);
  const [older, setOlder] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  const [announcement, setAnnouncement] = useState('');

  const last = messages.at(-1);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFrom.current !== null) {
      // Older messages came in above: the ones in view stay where they were.
      el.scrollTop += el.scrollHeight - keepFrom.current;
      keepFrom.current = null;
    } else if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  useEffect(() => {
    if (!last) return;
    if (lastId.current !== null && last.id !== lastId.current && last.senderId !== me)
      setAnnouncement(t('newMessage', { name, text: text(last) }));
    lastId.current = last.id;
  }, [last, me, name, t, text]);

  const loadOlder = async () => {
    if (!conversation.id || !conversation.olderCursor) return;
    const key = conversationKey(conversation.id);
    setOlder({ pending: true, error: null });
    try {
      const page = await api<Conversation>(`${key}?before=${encodeURIComponent(conversation.olderCursor)}`);
      keepFrom.current = scroller.current?.scrollHeight ?? null;
      cache.update<Conversation>(key, (c) => ({
        ...c,
        messages: mergeMessages(page.messages, c.messages),
        olderCursor: page.olderCursor,
      }));
      setOlder({ pending: false, error: null });
    } catch (e) {
      setOlder({ pending: false, error: errorText(e) });
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:col-start-1 lg:row-start-2">
      <div
        ref={scroller}
        onScroll={(event) => {
          const el = event.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4"
        // Scrollable with the keyboard too, when a long deal panel leaves it little room.
        tabIndex={0}
        aria-label={t('messagesWith', { name })}
      >
        {conversation.olderCursor ? (
          <div className="mb-3 flex flex-col items-center gap-1">
            <button
              type="button"
              onClick={loadOlder}
              disabled={older.pending}
              className="border-secondary text-secondary hover:bg-secondary-light min-h-11 rounded-full border px-4 text-sm font-semibold disabled:opacity-60"
            >
              {t('loadOlder')}
            </button>
            {older.error ? (
              <p role="alert" className="text-sm text-red-700">
                {older.error}
              </p>
            ) : null}
          </div>
        ) : null}
        {children}
        <ol aria-label={t('messagesWith', { name })} className="flex flex-col gap-3">
          {groupProposalRuns(messages).map(({ message, key, changes }) => (
            <MessageItem key={key} message={message} me={me} name={name} text={text} changes={changes} />
          ))}
        </ol>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {composer}
    </div>
  );
}

type ViewProps = { me: string; prefix: Prefix; id: string; proposeOpen: boolean; onBack: () => void };

/** One conversation: its head, the deal and its steps, the messages, the composer; read when visible. */
export function ConversationView({ me, prefix, id, proposeOpen, onBack }: ViewProps) {
  const common = useTranslations('Deal');
  const blockTexts = useTranslations('Blocks');
  const { mutate } = useSWRConfig();
  const api = useApi();
  const upload = useUpload();
  const cache = useDealCache(me);
  const { data, error } = useConversation(id, me);

  useEffect(() => {
    showConversation(id);
    return () => showConversation(null);
  }, [id]);

  // Read receipts: the newest message of the other side, when the tab shows it (now or later).
  const unreadUpTo = useMemo(() => {
    const theirs = data?.messages.filter((m) => m.senderId !== me) ?? [];
    return theirs.some((m) => m.status !== 'read') ? (theirs.at(-1)?.id ?? null) : null;
  }, [data?.messages, me]);
  useEffect(() => {
    if (!unreadUpTo) return;
    const mark = () =>
      void markRead(id, unreadUpTo).then((posted) => posted && cache.applyStatus(id, 'read', unreadUpTo, false));
    mark();
    const onVisible = () => document.visibilityState === 'visible' && mark();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [id, unreadUpTo, cache]);

  if (!data)
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        {error ? (
          <p role="alert" className="text-red-800">
            {errorText(error)}
          </p>
        ) : (
          <p className="text-muted">{common('loading')}</p>
        )}
      </div>
    );

  const { proposal, listing, blocked } = data;
  const setBlocked = (next: boolean) => {
    cache.update<Conversation>(conversationKey(id), (c) => ({ ...c, blocked: next }));
    void mutate(inboxKey);
  };
  // Open on a phone when something waits for the viewer: an answer, a code to type.
  const waiting =
    proposal && (proposal.turn === proposal.role || proposal.actions.some((a) => a === 'pickup' || a === 'deliver'));
  return (
    <div className="flex min-h-0 flex-1 flex-col lg:grid lg:grid-cols-[1fr_19rem] lg:grid-rows-[auto_1fr]">
      <Head
        prefix={prefix}
        name={data.counterpart.firstname}
        listing={listing}
        onBack={onBack}
        menu={
          <ConversationMenu
            userId={data.counterpart.id}
            name={data.counterpart.firstname}
            blocked={blocked}
            onChange={setBlocked}
          />
        }
      />
      <DealFold key={data.id} proposal={proposal} open={proposeOpen || Boolean(waiting)}>
        <DealPanel
          me={me}
          proposal={proposal}
          listing={listing}
          canPropose={!blocked && data.role === 'contact' && isOpenStatus(listing.status)}
          proposeOpen={proposeOpen}
          headingLevel={3}
          headClassName="max-lg:sr-only"
        />
      </DealFold>
      <Thread
        conversation={data}
        me={me}
        composer={
          blocked ? (
            <p role="status" className="text-muted border-t border-neutral-200 p-4 text-center text-sm">
              {blockTexts('closed', { name: data.counterpart.firstname })}
            </p>
          ) : (
            <Composer
              key={data.id}
              onSend={async (body) => {
                cache.applyMessage(await api<Message>(`${conversationKey(id)}/messages`, { body }));
              }}
              onPhoto={async (file) => {
                cache.applyMessage(await upload<Message>(`${conversationKey(id)}/images`, file));
              }}
            />
          )
        }
      />
    </div>
  );
}

/**
 * A conversation that does not exist yet (`messagerie?colis=ID`): the listing's owner, the deal
 * panel to propose, and the composer with the greeting; the first message or proposal opens it.
 */
export function NewConversation({
  me,
  prefix,
  listing,
  greeting,
  proposeOpen,
  onOpened,
  onBack,
}: {
  me: string;
  prefix: Prefix;
  listing: ListingSummary;
  greeting: string;
  proposeOpen: boolean;
  onOpened: (conversation: Conversation) => void;
  onBack: () => void;
}) {
  const t = useTranslations('Messaging');
  const api = useApi();
  const { mutate } = useSWRConfig();
  const counterpart = { id: listing.owner.id, firstname: listing.owner.firstname, avatar: null };
  const opened = async (id: string, conversation?: Conversation) => {
    const fresh = conversation ?? (await api<Conversation>(conversationKey(id)));
    await mutate(conversationKey(fresh.id), fresh, { revalidate: false });
    void mutate(inboxKey);
    onOpened(fresh);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col lg:grid lg:grid-cols-[1fr_19rem] lg:grid-rows-[auto_1fr]">
      <Head prefix={prefix} name={listing.owner.firstname} listing={listing} onBack={onBack} />
      <DealFold proposal={null} open={proposeOpen}>
        <DealPanel
          me={me}
          proposal={null}
          listing={listing}
          canPropose={isOpenStatus(listing.status)}
          proposeOpen={proposeOpen}
          onProposed={(p) => void opened(p.conversationId)}
          headingLevel={3}
          headClassName="max-lg:sr-only"
        />
      </DealFold>
      <Thread
        conversation={{ role: 'contact', counterpart }}
        me={me}
        composer={
          <Composer
            initial={greeting}
            onSend={async (body) =>
              opened(
                '',
                await api<Conversation>('conversations', { listingKind: listing.kind, listingId: listing.id, body }),
              )
            }
          />
        }
      >
        <p className="text-muted mx-auto max-w-sm py-6 text-center text-sm">
          {t('startHint', { name: listing.owner.firstname })}
        </p>
      </Thread>
    </div>
  );
}
