import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DealMessages } from '@/components/deals/deal-messages';
import { MessagingScreen } from '@/components/messaging/messaging-screen';
import { cityNames } from '@/lib/i18n/city-names';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';
import { localPath } from '@/lib/i18n/paths';
import { listingSegments } from '@/lib/routes';
import type { ConversationSummary } from '@/lib/schemas/deals';
import type { ListingSummary } from '@/lib/schemas/listings';
import { getConversation, greeting, listConversations } from '@/lib/server/deals/messaging';
import { listingSummaries } from '@/lib/server/listings/listings';
import { requirePageUser } from '@/lib/server/http/page-session';
import { conversationKey, inboxKey } from '@/lib/swr/keys';
import { listingKinds } from '@/lib/domain';

export const generateMetadata = memberMetadata('Messaging.title');

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
const plausibleId = (id: string | undefined): id is string => id !== undefined && /^[\w-]{1,64}$/.test(id);

// messagerie: the inbox and a conversation (?conversation=ID); ?colis=ID or ?trajet=ID opens the
// member's conversation about that listing, or starts one; &proposer=1 opens the proposal form.
export default async function MessagingPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  const query = await searchParams;
  const errors = await getTranslations('Errors');
  const inbox = await listConversations(user.id, {});
  const fallback: Record<string, unknown> = { [inboxKey]: inbox };
  const listings: ListingSummary[] = inbox.items.map((c) => c.listing);

  const conversationId = one(query.conversation);
  if (plausibleId(conversationId)) {
    try {
      const conversation = await getConversation(user.id, conversationId);
      fallback[conversationKey(conversationId)] = conversation;
    } catch {
      // The screen asks the API again and shows its translated refusal.
    }
  }

  let start: { listing: ListingSummary; greeting: string } | null = null;
  let startError: string | null = null;
  const kind = listingKinds.find((k) => one(query[listingSegments[k].detail]) !== undefined);
  if (!conversationId && kind) {
    const listingId = one(query[listingSegments[kind].detail]);
    const listing = plausibleId(listingId)
      ? (await listingSummaries([{ kind, id: listingId }])).get(`${kind}:${listingId}`)
      : undefined;
    const mine: ConversationSummary | undefined = listing
      ? inbox.items.find((c) => c.role === 'contact' && c.listing.kind === kind && c.listing.id === listing.id)
      : undefined;
    if (mine) {
      const propose = one(query.proposer) === '1' ? '&proposer=1' : '';
      redirect(`${localPath(locale, 'messagerie')}?conversation=${encodeURIComponent(mine.id)}${propose}`);
    }
    if (!listing) startError = errors('NOT_FOUND');
    else if (listing.owner.id === user.id) startError = errors('CONVERSATION_SELF');
    else {
      start = { listing, greeting: greeting(locale, listing) };
      listings.push(listing);
    }
  }

  return (
    <DealMessages>
      <MessagingScreen
        me={user.id}
        prefix={localePrefix(locale)}
        fallback={fallback}
        cityNames={cityNames(listings, locale)}
        start={start}
        startError={startError}
      />
    </DealMessages>
  );
}
