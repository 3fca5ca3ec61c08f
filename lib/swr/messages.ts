import { messageStatuses, type MessageStatus } from '@/lib/domain';
import type { Conversation, Message } from '@/lib/schemas/deals';

// A conversation's messages on the client: pages loaded at different times, live events and the
// answers of the sender's own calls meet here, each message once (by id), oldest first, and a
// status only ever goes forward (sent, delivered, read).

const rank = (status: MessageStatus) => messageStatuses.indexOf(status);

const order = (a: Message, b: Message) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Both lists as one: each message once, the further status of its two copies, oldest first. */
export function mergeMessages(a: readonly Message[], b: readonly Message[]): Message[] {
  const byId = new Map<string, Message>();
  for (const message of [...a, ...b]) {
    const known = byId.get(message.id);
    byId.set(message.id, known && rank(known.status) > rank(message.status) ? known : message);
  }
  return [...byId.values()].sort(order);
}

/**
 * A receipt: the messages of one side (`sentBy`) up to one, by time, reached `status`. Null when that
 * message is not in the list (the caller loads the conversation again).
 */
export function applyReceipt(
  messages: readonly Message[],
  sentBy: (senderId: string) => boolean,
  status: 'delivered' | 'read',
  upTo: string,
): Message[] | null {
  const anchor = messages.find((m) => m.id === upTo);
  if (!anchor) return null;
  return messages.map((m) =>
    sentBy(m.senderId) && m.createdAt <= anchor.createdAt && rank(m.status) < rank(status) ? { ...m, status } : m,
  );
}

/**
 * A fresh first page of a conversation, over what the screen had: older pages it loaded stay (with
 * their cursor), messages each once.
 */
export function mergeConversation<C extends Pick<Conversation, 'id' | 'messages' | 'olderCursor'>>(
  previous: C | undefined,
  fresh: C,
): C {
  if (!previous || previous.id !== fresh.id) return fresh;
  const oldestFresh = fresh.messages[0];
  const keptOlder = oldestFresh !== undefined && previous.messages.some((m) => order(m, oldestFresh) < 0);
  return {
    ...fresh,
    messages: mergeMessages(previous.messages, fresh.messages),
    olderCursor: keptOlder ? previous.olderCursor : fresh.olderCursor,
  };
}
