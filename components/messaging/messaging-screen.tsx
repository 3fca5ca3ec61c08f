'use client';
import { PushOptIn } from '@/components/member/push-opt-in';
import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { useKnowsPlaces } from '@/components/deals/city-names';
import { DealScreenData } from '@/components/deals/screen-data';
import { markDelivered } from '@/lib/client/live';
import type { Prefix } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import type { ListingSummary } from '@/lib/schemas/listings';
import { useDealCache, useLiveCache } from '@/lib/swr/deal-cache';
import { useConversations } from '@/lib/swr/use-conversations';
import { ConversationList } from './conversation-list';
import { ConversationView, NewConversation } from './conversation-view';

type Props = {
  me: string;
  prefix: Prefix;
  /** SWR's first data, read by the server: the inbox and the conversation in the URL. */
  fallback: Record<string, unknown>;
  cityNames: Record<string, string>;
  /** `?colis=ID` or `?trajet=ID` with no conversation yet: the listing and the greeting to start with. */
  start: { listing: ListingSummary; greeting: string } | null;
  /** Why that listing cannot be written about (one's own, unknown), translated. */
  startError: string | null;
};

/**
 * messagerie: the inbox and a conversation side by side from md up; on a phone the list, then the
 * conversation (`?conversation=ID`, the back button returns to the list). The URL changes through
 * the History API, so switching conversations asks the server nothing but the data.
 */
export function MessagingScreen({ fallback, cityNames, ...props }: Props) {
  return (
    <DealScreenData fallback={fallback} cityNames={cityNames}>
      <Screen {...props} />
    </DealScreenData>
  );
}

function Screen({ me, prefix, start, startError }: Omit<Props, 'fallback' | 'cityNames'>) {
  const t = useTranslations('Messaging');
  const router = useRouter();
  const params = useSearchParams();
  const cache = useDealCache(me);
  useLiveCache(me);
  const { data: inbox } = useConversations();
  const selected = params.get('conversation');
  const startRef = params.get('colis') ?? params.get('trajet');
  const proposeOpen = params.get('proposer') === '1';
  const starting = !selected && startRef !== null && (start !== null || startError !== null);
  const base = localPath(prefix, 'messagerie');
  const open = (id: string) => window.history.pushState(null, '', `${base}?conversation=${encodeURIComponent(id)}`);
  const back = () => window.history.pushState(null, '', base);

  // What came while no tab was open reached this client now: delivered (the open one is read).
  const told = useRef(new Set<string>());
  useEffect(() => {
    for (const c of inbox?.items ?? []) {
      const last = c.lastMessage;
      if (!last || last.senderId === me || last.status !== 'sent' || c.id === selected || told.current.has(last.id))
        continue;
      told.current.add(last.id);
      void markDelivered(c.id, last.id).then((ok) => ok && cache.applyStatus(c.id, 'delivered', last.id, false));
    }
  }, [inbox, me, selected, cache]);

  // A conversation that came live about a place the page has no name for: the server names it.
  const knows = useKnowsPlaces();
  const asked = useRef('');
  useEffect(() => {
    const places = (inbox?.items ?? []).flatMap((c) => [c.listing.from, c.listing.to]);
    const unknown = places.filter((p) => !knows([p])).map((p) => p.placeId);
    const key = unknown.join(',');
    if (unknown.length && key !== asked.current) {
      asked.current = key;
      router.refresh();
    }
  }, [inbox, knows, router]);

  const detail = selected !== null || starting;
  return (
    // On a phone: the inbox is the page (one scroll), a conversation fills the screen under the header.
    <div className={`container-page flex flex-col md:py-6 ${detail ? 'max-md:px-0' : 'py-4'}`}>
      <h1 className={`text-secondary mb-3 text-2xl font-extrabold md:block ${detail ? 'sr-only md:not-sr-only' : ''}`}>
        {t('title')}
      </h1>
      <div className={detail ? 'hidden md:block' : ''}>
        <PushOptIn variant="banner" />
      </div>
      <div
        className={`flex overflow-hidden border-neutral-200 bg-white md:h-[calc(100dvh-12rem)] md:min-h-[32rem] md:rounded-2xl md:border ${detail ? 'h-[calc(100dvh-4rem)] min-h-[24rem] border-t' : 'rounded-2xl border'}`}
      >
        <nav
          aria-label={t('inbox')}
          className={`w-full md:block md:w-80 md:shrink-0 md:overflow-y-auto md:border-e md:border-neutral-200 ${detail ? 'hidden' : ''}`}
        >
          {inbox ? (
            <ConversationList me={me} prefix={prefix} items={inbox.items} selected={selected} onSelect={open} />
          ) : (
            <p className="text-muted p-4">{t('loading')}</p>
          )}
        </nav>
        <section
          aria-label={t('conversation')}
          className={`min-w-0 flex-1 flex-col md:flex ${detail ? 'flex' : 'hidden'}`}
        >
          {selected ? (
            <ConversationView
              key={selected}
              me={me}
              prefix={prefix}
              id={selected}
              proposeOpen={proposeOpen}
              onBack={back}
            />
          ) : starting && start ? (
            <NewConversation
              me={me}
              prefix={prefix}
              listing={start.listing}
              greeting={start.greeting}
              proposeOpen={proposeOpen}
              onBack={back}
              onOpened={(c) =>
                window.history.replaceState(null, '', `${base}?conversation=${encodeURIComponent(c.id)}`)
              }
            />
          ) : starting && startError ? (
            <p role="alert" className="m-auto max-w-sm p-6 text-center text-red-800">
              {startError}
            </p>
          ) : (
            <p className="text-muted m-auto max-w-sm p-6 text-center">{t('pick')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
